import { studentTalentShowSchema, talentLikeSchema, talentMyEntrySchema, talentRulesSchema, talentSheetSchema, teacherTalentShowSchema, type TalentEntryInput, type TalentRulesInput, type TalentSheetInput } from '@summit/domain/talent-show';
import { api } from '../../lib/api-client.ts';

/** The talent show's calls (decision 103). */
export const TS_KEYS = {
  all: ['talent-show'] as const,
  student: (activityId?: number) => ['talent-show', 'student', activityId ?? 'current'] as const,
  teacher: (activityId?: number) => ['talent-show', 'teacher', activityId ?? 'current'] as const,
  rules: (activityId?: number) => ['talent-show', 'rules', activityId ?? 'current'] as const,
};

const opts = (activityId: number | undefined, signal?: AbortSignal) => ({ query: { activity_id: activityId }, ...(signal ? { signal } : {}) });

export const ENTRY_FIELDS = ['title', 'kind', 'description', 'media', 'consent', 'consent.guardian_name', 'consent.guardian_relation', 'consent.agreed'] as const;

export const fetchStudentShow = (activityId: number | undefined, signal?: AbortSignal) => api.get('/student/talent-show', { schema: studentTalentShowSchema, ...opts(activityId, signal) });
export const sendEntry = (body: TalentEntryInput) => api.post('/student/talent-show/entries', body, { schema: talentMyEntrySchema, fieldNames: ENTRY_FIELDS });
export const withdrawEntry = (id: number) => api.request(`/student/talent-show/entries/${id}`, { method: 'DELETE' });
export const likeEntry = (id: number, liked: boolean) => api.request(`/student/talent-show/entries/${id}/like`, { method: liked ? 'POST' : 'DELETE', schema: talentLikeSchema });

export const fetchTeacherShow = (activityId: number | undefined, signal?: AbortSignal) => api.get('/teacher/talent-show', { schema: teacherTalentShowSchema, ...opts(activityId, signal) });
export const reviewEntry = (id: number, status: 'approved' | 'hidden', note: string) => api.request(`/teacher/talent-show/entries/${id}/review`, { method: 'PUT', body: { status, note } });
export const sendSheet = (id: number, body: TalentSheetInput) => api.request(`/teacher/talent-show/entries/${id}/sheet`, { method: 'PUT', body, schema: talentSheetSchema.nullable() });

export const fetchRules = (activityId: number | undefined, signal?: AbortSignal) => api.get('/teacher/talent-show/rules', { schema: talentRulesSchema, ...opts(activityId, signal) });
export const RULES_FIELDS = ['rules_text', 'criteria', 'judge_ids', 'results_at', 'finalist_count'] as const;
export const saveRules = (body: TalentRulesInput) => api.request('/teacher/talent-show/rules', { method: 'PUT', body, schema: talentRulesSchema, fieldNames: RULES_FIELDS });
