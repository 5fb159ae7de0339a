/**
 * The one-time notice that the summit moved online (docs/product/states.md "Online notice", docs/product/constants.md old online notice figures)
 * and the paid student's offline-to-online confirmation (decision 017).
 */
import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { timestampSchema } from './api/common.ts';

// The full notice page's path is content-slugs.ts ONLINE_NOTICE_PATH; its figures come from the programme facts
// (programme.ts, decision 029).

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
  /** POST offline-to-online by a paid student the switch does not concern (paid after it, or no switch; 403-10). */
  OFFLINE_TO_ONLINE_NOT_CONCERNED: '仅限改为线上举办前已缴纳学费的同学确认线上参加',
  OFFLINE_TO_ONLINE_OK: '已确认线上参加',
  ONLINE_READ_OK: '已知晓',
} as const;

/**
 * GET /api/student/online-notice, and the answer of both POSTs.
 * `read_at`: when the student confirmed the online notice (any device), null if never.
 * `offline_to_online`: the student's answer to the offline-to-online dialog, null if none yet.
 * `concerned`: the switch to online concerns this student (tuition paid while the programme was in person,
 * decision 029); the notice card and the dialog are shown to nobody else.
 * `offline_to_online_due`: the dialog should be shown (concerned, not yet answered).
 * `switch_notice`: the figures the notice and the dialog quote, from the programme facts; null when not concerned.
 */
export const switchNoticeSchema = z.object({
  /** 7月17日—8月22日: the programme's days, now online. */
  dates: z.string(),
  difference_fen: z.number().int(),
  refund_deadline: timestampSchema,
});
export type SwitchNotice = z.infer<typeof switchNoticeSchema>;

export const onlineNoticeStateSchema = z.object({
  read_at: timestampSchema.nullable(),
  offline_to_online: z.object({ chosen: z.enum(OFFLINE_TO_ONLINE_CHOICES), at: timestampSchema }).nullable(),
  concerned: z.boolean(),
  offline_to_online_due: z.boolean(),
  switch_notice: switchNoticeSchema.nullable(),
});
export type OnlineNoticeState = z.infer<typeof onlineNoticeStateSchema>;
export const onlineNoticeStateResponseSchema = envelopeSchema(onlineNoticeStateSchema);

/** The stored value of `notice.offline-to-online`. */
export const offlineToOnlineValueSchema = z.object({ chosen: z.enum(OFFLINE_TO_ONLINE_CHOICES) });

/** Who is asked: a student the switch concerns (programme.ts isConcernedBySwitch) who has not answered yet. */
export function isOfflineToOnlineDue(input: { concerned: boolean; answered: boolean }): boolean {
  return input.concerned && !input.answered;
}
