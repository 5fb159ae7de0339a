/**
 * Mission X (decision 101): teachers post missions inside an activity of kind 'mission-x' (decision 100); a student
 * hands in text, images or a video once per mission (a resubmission after a return, or before review, replaces it);
 * a reviewer accepts or returns it with a comment. An accepted hand-in adds the mission's points to the student's
 * house in the 学院杯 ledger and may award a badge; un-accepting it (撤销通过) writes a counter-entry and revokes the
 * badge. Every review names the version it saw, so the loser of two reviewers at once learns what happened.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { DB_INT_MAX, boundedStringSchema, queryIdSchema, requestObjectSchema, timestampSchema } from './api/common.ts';
import { UPLOAD_EXTENSIONS, UPLOAD_FILE_TYPES, uploadedFileSchema, type UploadExtension } from './api/storage.ts';

/** What a mission asks for: any of text, images, a video. */
export const MISSION_DELIVERABLES = ['text', 'image', 'video'] as const;
export type MissionDeliverable = (typeof MISSION_DELIVERABLES)[number];
export const MISSION_DELIVERABLE_LABELS: Record<MissionDeliverable, string> = { text: '文字', image: '图片', video: '视频' };

export const HAND_IN_STATUSES = ['submitted', 'accepted', 'returned'] as const;
export type HandInStatus = (typeof HAND_IN_STATUSES)[number];
export const HAND_IN_STATUS_LABELS: Record<HandInStatus, string> = { submitted: '待批阅', accepted: '已通过', returned: '已退回' };

/** What a reviewer does: accept, return for another try, or take back an acceptance (the points are reversed). */
export const REVIEW_DECISIONS = ['accept', 'return', 'unaccept'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const REVIEW_DECISION_LABELS: Record<ReviewDecision, string> = { accept: '通过', return: '退回', unaccept: '撤销通过' };

/** Image files a hand-in may carry: the upload allow-list's image types. */
export const MISSION_IMAGE_EXTENSIONS: readonly UploadExtension[] = UPLOAD_EXTENSIONS.filter((e) => UPLOAD_FILE_TYPES[e].startsWith('image/'));
/** Video files, when the upload allow-list has any; otherwise a video is handed in as a link (video_url). */
export const MISSION_VIDEO_EXTENSIONS: readonly UploadExtension[] = UPLOAD_EXTENSIONS.filter((e) => (UPLOAD_FILE_TYPES[e] as string).startsWith('video/'));
export const MISSION_FILES_MAX = 6;
export const MISSION_TITLE_MAX = 60;
export const MISSION_BRIEF_MAX = 5_000;
export const MISSION_TEXT_MAX = 10_000;
export const MISSION_COMMENT_MAX = 1_000;
export const MISSION_POINTS_MAX = 100;
export const MISSION_VIDEO_URL_MAX = 500;

/** Badge criteria a mission may award on acceptance (the badges area publishes badges with these criteria). */
export const MISSION_BADGE_CRITERIA = ['mission_x_accepted'] as const;
export type MissionBadgeCriterion = (typeof MISSION_BADGE_CRITERIA)[number];

export const MISSION_X_MSG = {
  ACTIVITY_NOT_FOUND: '该 Mission X 活动不存在',
  ACTIVITY_CLOSED: '该 Mission X 活动已结束，不能再发布任务',
  MISSION_NOT_FOUND: '任务不存在或已撤回',
  TITLE: `请填写任务标题（不超过 ${MISSION_TITLE_MAX} 字）`,
  BRIEF: '请填写任务说明',
  DELIVERABLES: '请选择需要提交的内容',
  POINTS: `学院杯分数须为 0 至 ${MISSION_POINTS_MAX} 的整数`,
  DUE: '请填写截止时间',
  DUE_PAST: '截止时间须晚于现在',
  DUE_OUTSIDE: '截止时间须在活动结束之前',
  DUPLICATE_TITLE: '该活动中已有同名任务',
  NOT_POSTER: '只有发布该任务的老师或管理员可以修改或撤回',
  MAY_NOT_POST: '助教账号不能发布任务',
  WITHDRAWN: '任务已撤回',
  POSTED: '任务已发布',
  SAVED: '任务已保存',
  NOT_ELIGIBLE: '你不在该活动的参与范围内',
  NOT_OPEN: '活动尚未开始',
  CLOSED: '已过截止时间，不能再提交',
  EMPTY: '请填写文字或上传图片/视频',
  TEXT_NOT_ASKED: '该任务不需要提交文字',
  IMAGE_NOT_ASKED: '该任务不需要提交图片',
  VIDEO_NOT_ASKED: '该任务不需要提交视频',
  FILE_INVALID: '文件无效，请重新上传',
  FILE_TYPE: '只能上传图片（jpg、png）或视频文件',
  VIDEO_URL: '视频链接须以 https:// 开头',
  PEOPLE_CONSENT: '提交图片或视频前，请确认画面中出现的每个人都已同意',
  GUARDIAN_CONSENT: '你的监护人授权尚未记录，暂不能提交图片或视频；请联系项目组',
  ALREADY_ACCEPTED: '该提交已通过，不能再修改',
  HANDED_IN: '已提交，等待老师批阅',
  HAND_IN_NOT_FOUND: '提交不存在',
  COMMENT_REQUIRED: '退回或撤销通过时请填写评语',
  STALE: '该提交已有变化：{0}。请刷新后再操作',
  STALE_RESUBMITTED: '学生已更新了提交',
  STALE_REVIEWED: '{0} 已于 {1} {2}',
  NOT_SUBMITTED: '只有待批阅的提交可以通过或退回',
  NOT_ACCEPTED: '只有已通过的提交可以撤销通过',
  ACCEPTED: '已通过',
  RETURNED: '已退回',
  UNACCEPTED: '已撤销通过，学院杯积分已冲正',
  NO_HOUSE: '该同学尚未分入学院，通过后不计学院杯积分',
} as const;

const err = { error: MSG.PARAM_INVALID };
const bodyIdSchema = z.number(err).int(err).positive(err).max(DB_INT_MAX, err);

/** An https link to a video hosted elsewhere (when the upload allow-list has no video type, or the file is large). */
export function isVideoUrl(value: string): boolean {
  return /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?(\/[^\s<>"]*)?$/i.test(value);
}

/** POST /api/teacher/mission-x and PUT /api/teacher/mission-x/:id. */
export const missionInputSchema = requestObjectSchema({
  activity_id: bodyIdSchema,
  title: boundedStringSchema(MISSION_TITLE_MAX + 40).trim().min(1, { error: MISSION_X_MSG.TITLE }).max(MISSION_TITLE_MAX, { error: MISSION_X_MSG.TITLE }),
  brief: boundedStringSchema(MISSION_BRIEF_MAX).trim().min(1, { error: MISSION_X_MSG.BRIEF }),
  deliverables: z
    .array(z.enum(MISSION_DELIVERABLES, err), err)
    .min(1, { error: MISSION_X_MSG.DELIVERABLES })
    .max(MISSION_DELIVERABLES.length, err)
    .transform((v) => MISSION_DELIVERABLES.filter((d) => v.includes(d))),
  points: z.number(err).int({ error: MISSION_X_MSG.POINTS }).min(0, { error: MISSION_X_MSG.POINTS }).max(MISSION_POINTS_MAX, { error: MISSION_X_MSG.POINTS }),
  due_at: z.iso.datetime({ offset: true, error: MISSION_X_MSG.DUE }),
  badge_criterion: z.enum(MISSION_BADGE_CRITERIA, err).nullable().default(null),
});
export type MissionInput = z.infer<typeof missionInputSchema>;

/** POST /api/student/activity/mission-x/:id/hand-in: a new hand-in or the replacement of one not yet accepted. */
export const handInInputSchema = requestObjectSchema({
  text: boundedStringSchema(MISSION_TEXT_MAX).default(''),
  files: z.array(uploadedFileSchema, err).max(MISSION_FILES_MAX, { error: `最多上传${MISSION_FILES_MAX}个文件` }).default([]),
  video_url: boundedStringSchema(MISSION_VIDEO_URL_MAX)
    .trim()
    .refine((v) => v === '' || isVideoUrl(v), { error: MISSION_X_MSG.VIDEO_URL })
    .default(''),
  /** The student confirms that everyone shown in the images or video agreed to be shown. */
  people_consent: z.boolean(err).default(false),
})
  .refine((v) => v.text.trim() !== '' || v.files.length > 0 || v.video_url !== '', { error: MISSION_X_MSG.EMPTY, path: ['text'] })
  .refine((v) => (v.files.length === 0 && v.video_url === '') || v.people_consent, { error: MISSION_X_MSG.PEOPLE_CONSENT, path: ['people_consent'] });
export type HandInInput = z.infer<typeof handInInputSchema>;

/** PUT /api/teacher/mission-x/hand-ins/:id: the decision and the version of the hand-in the reviewer saw. */
export const reviewInputSchema = requestObjectSchema({
  decision: z.enum(REVIEW_DECISIONS, err),
  comment: boundedStringSchema(MISSION_COMMENT_MAX).trim().default(''),
  version: z.number(err).int(err).min(1, err).max(DB_INT_MAX, err),
}).refine((v) => v.decision === 'accept' || v.comment !== '', { error: MISSION_X_MSG.COMMENT_REQUIRED, path: ['comment'] });
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const missionIdParamsSchema = z.object({ id: queryIdSchema });

const windowSchema = z.enum(['upcoming', 'open', 'closed']);

export const missionActivitySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  opens_at: timestampSchema,
  closes_at: timestampSchema,
  window: windowSchema,
});
export type MissionActivity = z.infer<typeof missionActivitySchema>;

export const missionSchema = z.object({
  id: z.number().int(),
  activity_id: z.number().int(),
  title: z.string(),
  brief: z.string(),
  deliverables: z.array(z.enum(MISSION_DELIVERABLES)),
  points: z.number().int(),
  due_at: timestampSchema,
  badge_criterion: z.enum(MISSION_BADGE_CRITERIA).nullable(),
  posted_by: z.object({ id: z.number().int(), name: z.string() }),
  created_at: timestampSchema,
  /** open: hand-ins accepted now; upcoming: the activity has not opened; closed: past the deadline or the activity. */
  state: windowSchema,
});
export type Mission = z.infer<typeof missionSchema>;

export const handInSchema = z.object({
  id: z.number().int(),
  mission_id: z.number().int(),
  status: z.enum(HAND_IN_STATUSES),
  text: z.string(),
  files: z.array(uploadedFileSchema),
  video_url: z.string(),
  comment: z.string(),
  version: z.number().int(),
  submitted_at: timestampSchema,
  reviewed_at: timestampSchema.nullable(),
  reviewer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The 学院杯 points the acceptance added (0 when not accepted or the student had no house). */
  points_awarded: z.number().int(),
  /** The house those points went to (the student's house at acceptance). */
  points_house: z.string().nullable(),
});
export type HandIn = z.infer<typeof handInSchema>;

/** A student's mission with their own hand-in. */
export const studentMissionSchema = missionSchema.extend({ activity_title: z.string(), hand_in: handInSchema.nullable() });
export type StudentMission = z.infer<typeof studentMissionSchema>;

/** GET /api/student/activity/mission-x. */
export const studentMissionBoardSchema = z.object({
  activities: z.array(missionActivitySchema),
  missions: z.array(studentMissionSchema),
  house: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Whether the guardian's consent is on record, which images and videos need (decision 064). */
  media_allowed: z.boolean(),
});
export type StudentMissionBoard = z.infer<typeof studentMissionBoardSchema>;

export const teacherMissionSchema = missionSchema.extend({
  activity_title: z.string(),
  withdrawn: z.boolean(),
  /** Poster or admin: may edit and withdraw. */
  may_manage: z.boolean(),
  counts: z.object({ submitted: z.number().int(), accepted: z.number().int(), returned: z.number().int() }),
});
export type TeacherMission = z.infer<typeof teacherMissionSchema>;

/** GET /api/teacher/mission-x. */
export const teacherMissionBoardSchema = z.object({
  activities: z.array(missionActivitySchema),
  missions: z.array(teacherMissionSchema),
  may_post: z.boolean(),
});
export type TeacherMissionBoard = z.infer<typeof teacherMissionBoardSchema>;

export const reviewHandInSchema = handInSchema.extend({
  student: z.object({ id: z.number().int(), name: z.string(), house: z.string().nullable() }),
});
export type ReviewHandIn = z.infer<typeof reviewHandInSchema>;

/** GET /api/teacher/mission-x/:id/hand-ins: the hand-ins this reviewer may see (all for the poster and admins). */
export const missionHandInsSchema = z.object({ mission: teacherMissionSchema, items: z.array(reviewHandInSchema) });
export type MissionHandIns = z.infer<typeof missionHandInsSchema>;

/** Whether a hand-in may be sent now: the activity open and the deadline not passed. */
export function missionState(m: { dueAt: Date | string }, activityWindow: 'upcoming' | 'open' | 'closed', now: Date): 'upcoming' | 'open' | 'closed' {
  if (activityWindow !== 'open') return activityWindow;
  return now.getTime() < new Date(m.dueAt).getTime() ? 'open' : 'closed';
}

/** The review transitions: accept and return need a hand-in awaiting review; unaccept needs an accepted one. */
export function reviewAllowed(status: HandInStatus, decision: ReviewDecision): boolean {
  if (decision === 'unaccept') return status === 'accepted';
  return status === 'submitted';
}

/** The status a decision leaves: an un-accepted hand-in awaits review again. */
export function statusAfter(decision: ReviewDecision): HandInStatus {
  return decision === 'accept' ? 'accepted' : decision === 'return' ? 'returned' : 'submitted';
}
