/**
 * Admin messages (decision 061): a message to a segment of students, delivered as one in-app
 * notice per recipient and, to students who opted in to SMS, one SMS through the provider's template; sent now
 * or scheduled. Students read every notice in 消息 (/student/messages).
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { SESSION_KEYS } from '../programme-terms.ts';
import { SIGNUP_STATUSES } from '../student-status.ts';
import { ACTIVE_TYPE_VALUES } from '../roles.ts';
import { STUDENT_STAGES } from '../student-stage.ts';
import { DB_INT_MAX, boundedStringSchema, idSchema, requestObjectSchema, timestampSchema } from './common.ts';

const err = { error: MSG.PARAM_INVALID };

export const MESSAGE_MSG = {
  SENT: '消息已发送',
  SCHEDULED: '已预约发送',
  DELETED: '已删除',
  SAVED: '已保存',
  NOT_FOUND: '消息不存在',
  SEGMENT_NOT_FOUND: '分组不存在',
  SEGMENT_NAME_TAKEN: '已有同名分组',
  /** PUT or DELETE after the message went out. */
  NOT_SCHEDULED: '消息已发送，不能修改或删除',
  SEND_AT_PAST: '预约时间须晚于当前时间',
  NO_RECIPIENTS: '该分组暂无学生，无法发送',
  TITLE_REQUIRED: '请填写标题',
  BODY_REQUIRED: '请填写内容',
} as const;

export const MESSAGE_TITLE_MAX = 60;
export const MESSAGE_BODY_MAX = 20_000;
export const SEGMENT_NAME_MAX = 30;

export const MESSAGE_BATCHES = ['early', 'regular'] as const;
export const MESSAGE_BATCH_LABELS: Record<(typeof MESSAGE_BATCHES)[number], string> = { early: '提前批（EB）', regular: '常规批（RD）' };

const optionalId = z.number(err).int(err).positive(err).max(DB_INT_MAX, err).nullable().optional();

/** An explicit selection of students (the Students console's ticked rows) is at most this many. */
export const SEGMENT_USER_IDS_MAX = 5000;
export const SEGMENT_Q_MAX = 50;
export const STUDENT_TAG_MAX = 20;
export const SEGMENT_USER_IDS_TOO_MANY = `一次最多选择${SEGMENT_USER_IDS_MAX}名学生`;

/**
 * A segment: which students a message goes to, and the Students console's filter (decision 062: a segment is a
 * saved filter from Students). Every field narrows; an empty filter is every student with an account. The one
 * definition the list, the export, the count, the delivery and the saved segments share.
 */
export const segmentFilterSchema = requestObjectSchema({
  /** Search: part of the name, digits of the phone, the end of the ID number, or part of the school's name. */
  q: z.string(err).trim().max(SEGMENT_Q_MAX, err).nullable().optional(),
  school_id: optionalId,
  /** Student sub-type (docs/product/users-and-roles.md): 1 student, 3 SSI, 4 volunteer, 8 trainee, 12 volunteer trainee. */
  active_type: z.union(ACTIVE_TYPE_VALUES.map((v) => z.literal(v)), err).nullable().optional(),
  /** The furthest step of the funnel (student-stage.ts). */
  stage: z.enum(STUDENT_STAGES, err).nullable().optional(),
  /** Students carrying this tag (student_profiles.user_tags). */
  tag: z.string(err).trim().min(1, err).max(STUDENT_TAG_MAX, err).nullable().optional(),
  /** An explicit selection; with other fields, the students of the selection the filter also matches. */
  user_ids: z.array(z.number(err).int(err).positive(err).max(DB_INT_MAX, err), err).max(SEGMENT_USER_IDS_MAX, { error: SEGMENT_USER_IDS_TOO_MANY }).nullable().optional(),
  /** Early batch (batch contains "EB") or regular (docs/product/states.md). */
  batch: z.enum(MESSAGE_BATCHES, err).nullable().optional(),
  /** The highest application stage reached (docs/product/data.md signup status). */
  signup_status: z.enum(SIGNUP_STATUSES, err).nullable().optional(),
  /** true: tuition paid (enrolled); false: not paid. */
  tuition_paid: z.boolean(err).nullable().optional(),
  /** The session of the offer (第一期 …). */
  session: z.enum(SESSION_KEYS, err).nullable().optional(),
  venue_id: optionalId,
  house_id: optionalId,
  /** The province (GB/T 2260 code of the school's state). */
  province_id: optionalId,
});
export type SegmentFilter = z.infer<typeof segmentFilterSchema>;

export const MESSAGE_FORMATS = ['text', 'html'] as const;
export type MessageFormat = (typeof MESSAGE_FORMATS)[number];

const titleSchema = z.string(err).trim().min(1, { error: MESSAGE_MSG.TITLE_REQUIRED }).max(MESSAGE_TITLE_MAX, err);
const bodySchema = z.string(err).trim().min(1, { error: MESSAGE_MSG.BODY_REQUIRED }).max(MESSAGE_BODY_MAX, err);

// POST /api/admin/messages, PUT /api/admin/messages/:id ------------------------------------------------------------
export const messageInputSchema = requestObjectSchema({
  title: titleSchema,
  body: bodySchema,
  /** text: plain text shown as written; html: rich text, sanitised by the server. */
  format: z.enum(MESSAGE_FORMATS, err).default('text'),
  filter: segmentFilterSchema.default({}),
  /** The saved segment the filter came from (its name is kept with the message). */
  segment_id: optionalId,
  /** Also send an SMS to recipients who opted in to SMS (入学清单 → 短信提醒). */
  sms: z.boolean(err).default(true),
  /** null or absent: send now; otherwise the time to send, in the future. */
  send_at: timestampSchema.nullable().optional(),
});
export type MessageInput = z.input<typeof messageInputSchema>;

// POST /api/admin/messages/recipient-count -------------------------------------------------------------------------
/** The filter is required (an empty one, {}, is every student): a bare {} body is a 4003 like everywhere. */
export const recipientCountRequestSchema = requestObjectSchema({ filter: segmentFilterSchema });
export const recipientCountSchema = z.object({ count: z.number().int() });

// Saved segments ---------------------------------------------------------------------------------------------------
export const segmentInputSchema = requestObjectSchema({
  name: boundedStringSchema(SEGMENT_NAME_MAX).trim().min(1, { error: '请填写分组名称' }),
  filter: segmentFilterSchema.default({}),
});
export const segmentSchema = z.object({
  id: idSchema,
  name: z.string(),
  filter: segmentFilterSchema,
  created_at: timestampSchema,
});
export type Segment = z.infer<typeof segmentSchema>;
export const segmentListSchema = z.array(segmentSchema);

export const MESSAGE_STATUSES = ['scheduled', 'sent'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = { scheduled: '待发送', sent: '已发送' };

export const adminMessageSchema = z.object({
  id: idSchema,
  title: z.string(),
  body: z.string(),
  format: z.enum(MESSAGE_FORMATS),
  filter: segmentFilterSchema,
  segment_id: idSchema.nullable(),
  segment_name: z.string().nullable(),
  sms: z.boolean(),
  status: z.enum(MESSAGE_STATUSES),
  send_at: timestampSchema,
  sent_at: timestampSchema.nullable(),
  /** Students the segment matched when it was sent (null while scheduled). */
  recipients: z.number().int().nullable(),
  /** In-app notices written. */
  delivered: z.number().int(),
  /** Notices their student has opened. */
  read: z.number().int(),
  /** SMS queued for opted-in recipients, and how many of them the provider accepted. */
  sms_queued: z.number().int(),
  sms_sent: z.number().int(),
  created_at: timestampSchema,
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;
export const adminMessageListSchema = z.array(adminMessageSchema);

// Student side -----------------------------------------------------------------------------------------------------
export const studentMessageSchema = z.object({
  id: idSchema,
  title: z.string(),
  body: z.string(),
  format: z.enum(MESSAGE_FORMATS),
  created_at: timestampSchema,
  read_at: timestampSchema.nullable(),
});
export type StudentMessage = z.infer<typeof studentMessageSchema>;
export const studentMessageListSchema = z.object({ unread: z.number().int(), items: z.array(studentMessageSchema) });
export type StudentMessageList = z.infer<typeof studentMessageListSchema>;
export const unreadCountSchema = z.object({ unread: z.number().int() });

/**
 * A notice's body as plain text, for the places that list notices as text (入学清单, 我的课表): rich-text admin
 * messages lose their markup there and are read in full in 消息.
 */
export function noticePlainText(body: string, format: MessageFormat): string {
  if (format === 'text') return body;
  return body
    .replace(/<\/(p|h1|h2|li)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
