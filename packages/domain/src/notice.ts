/**
 * The one-time notice that the summit moved online (spec §4 "Online notice", §9 old online notice figures)
 * and the paid student's offline-to-online confirmation (decision 017).
 */
import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { timestampSchema } from './api/common.ts';

// The full notice page's path is content-slugs.ts ONLINE_NOTICE_PATH; the spec §9 figures constants.ts ONLINE_NOTICE_FACTS.

/**
 * Both answers are kept in `student_forms` under these names (no schema change). The public
 * `POST /api/student/form` only accepts its whitelist (`STUDENT_FORM_NAMES`), and no whitelisted name may
 * start with the reserved prefix, so a student cannot forge or overwrite them there.
 */
export const RESERVED_FORM_NAME_PREFIX = 'notice.';
export const NOTICE_FORM_NAMES = {
  onlineRead: 'notice.online-read',
  offlineToOnline: 'notice.offline-to-online',
} as const;

export function isReservedFormName(name: string): boolean {
  return name.startsWith(RESERVED_FORM_NAME_PREFIX);
}

/** The only answer the dialog offers: attend the summit online. */
export const OFFLINE_TO_ONLINE_CHOICES = ['online'] as const;
export type OfflineToOnlineChoice = (typeof OFFLINE_TO_ONLINE_CHOICES)[number];

export const NOTICE_MSG = {
  /** POST offline-to-online by a student who has not paid tuition (403-10). */
  OFFLINE_TO_ONLINE_PAID_ONLY: '仅限已缴纳学费的同学确认线上参加',
  OFFLINE_TO_ONLINE_OK: '已确认线上参加',
  ONLINE_READ_OK: '已知晓',
} as const;

/**
 * GET /api/student/online-notice, and the answer of both POSTs.
 * `read_at`: when the student confirmed the online notice (any device), null if never.
 * `offline_to_online`: the student's answer to the offline-to-online dialog, null if none yet.
 * `offline_to_online_due`: the dialog should be shown (tuition paid, not yet answered).
 */
export const onlineNoticeStateSchema = z.object({
  read_at: timestampSchema.nullable(),
  offline_to_online: z.object({ chosen: z.enum(OFFLINE_TO_ONLINE_CHOICES), at: timestampSchema }).nullable(),
  offline_to_online_due: z.boolean(),
});
export type OnlineNoticeState = z.infer<typeof onlineNoticeStateSchema>;
export const onlineNoticeStateResponseSchema = envelopeSchema(onlineNoticeStateSchema);

/** The stored value of `notice.offline-to-online`. */
export const offlineToOnlineValueSchema = z.object({ chosen: z.enum(OFFLINE_TO_ONLINE_CHOICES) });

/** Who is asked: a student who paid tuition (an offline place bought) and has not answered yet. */
export function isOfflineToOnlineDue(input: { tuitionPaid: boolean; answered: boolean }): boolean {
  return input.tuitionPaid && !input.answered;
}
