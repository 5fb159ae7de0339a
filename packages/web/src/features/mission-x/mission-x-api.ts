import { handInSchema, missionHandInsSchema, reviewHandInSchema, studentMissionBoardSchema, teacherMissionBoardSchema, teacherMissionSchema, type HandIn, type MissionDeliverable, type ReviewDecision, type ReviewHandIn, type TeacherMission } from '@summit/domain/mission-x';
import type { UploadedFile } from '@summit/domain/uploader';
import { api } from '../../lib/api-client.ts';

/** Mission X's calls (decision 101). */
export const MX_KEYS = {
  all: ['mission-x'] as const,
  student: ['mission-x', 'student'] as const,
  teacher: ['mission-x', 'teacher'] as const,
  handIns: (missionId: number) => ['mission-x', 'hand-ins', missionId] as const,
};

const s = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchStudentBoard = (signal?: AbortSignal) => api.get('/student/activity/mission-x', { schema: studentMissionBoardSchema, ...s(signal) });

export interface HandInForm {
  text: string;
  files: UploadedFile[];
  video_url: string;
  people_consent: boolean;
}

export const HAND_IN_FIELDS = ['text', 'files', 'video_url', 'people_consent'] as const;

export const sendHandIn = (missionId: number, body: HandInForm): Promise<HandIn> =>
  api.post(`/student/activity/mission-x/${missionId}/hand-in`, body, { schema: handInSchema, fieldNames: HAND_IN_FIELDS });

export const fetchTeacherBoard = (signal?: AbortSignal) => api.get('/teacher/mission-x', { schema: teacherMissionBoardSchema, ...s(signal) });

export interface MissionForm {
  activity_id: number;
  title: string;
  brief: string;
  deliverables: MissionDeliverable[];
  points: number;
  due_at: string;
  badge_criterion: 'mission_x_accepted' | null;
}

export const MISSION_FIELDS = ['activity_id', 'title', 'brief', 'deliverables', 'points', 'due_at'] as const;

export const postMission = (body: MissionForm): Promise<TeacherMission> => api.post('/teacher/mission-x', body, { schema: teacherMissionSchema, fieldNames: MISSION_FIELDS });
export const saveMission = (id: number, body: MissionForm): Promise<TeacherMission> =>
  api.request(`/teacher/mission-x/${id}`, { method: 'PUT', body, schema: teacherMissionSchema, fieldNames: MISSION_FIELDS });
export const withdrawMission = (id: number): Promise<TeacherMission> => api.request(`/teacher/mission-x/${id}`, { method: 'DELETE', schema: teacherMissionSchema });

export const fetchHandIns = (missionId: number, signal?: AbortSignal) => api.get(`/teacher/mission-x/${missionId}/hand-ins`, { schema: missionHandInsSchema, navigate: false, ...s(signal) });

export const reviewHandIn = (id: number, body: { decision: ReviewDecision; comment: string; version: number }): Promise<ReviewHandIn> =>
  api.request(`/teacher/mission-x/hand-ins/${id}`, { method: 'PUT', body, schema: reviewHandInSchema, fieldNames: ['comment'] });
