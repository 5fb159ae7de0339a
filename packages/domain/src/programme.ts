/**
 * Programme facts (decision 029): the programme's name and year, whether it is held online or
 * in person (and when it switched to online, if it did), the three sessions' windows, and the tuition
 * difference refunded after a switch. Admins edit them in 费用与截止日期; every page, notice and PDF reads
 * them. Fees and deadlines keep their own settings (decisions 007, 009) and are served with the facts, so
 * a reader gets everything in one record.
 */
import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { requestObjectSchema, timestampSchema } from './api/common.ts';
import { DEADLINE_KEYS } from './constants.ts';
import { PROGRAMME_MODES, SESSION_KEYS, type ProgrammeMode, type SessionKey } from './programme-terms.ts';

export * from './programme-terms.ts';

export const PROGRAMME_MSG = {
  NAME: '请输入项目名称（1–60 字）',
  YEAR: '请输入 2020–2100 之间的年份',
  MODE: '请选择举办方式',
  SESSIONS: '请填写第一期、第二期、第三期的起止时间',
  SESSION_ORDER: '每一期的结束时间须晚于开始时间',
  DIFFERENCE: '差价须为不小于 0 的金额',
  REFUND_DEADLINE: '请选择差价退款截止时间',
  NOT_CONCERNED: '仅限改为线上举办前已缴纳学费的同学确认线上参加',
} as const;

export const sessionWindowSchema = z.object({
  key: z.enum(SESSION_KEYS, { error: PROGRAMME_MSG.SESSIONS }),
  starts_at: timestampSchema,
  ends_at: timestampSchema,
});
export type SessionWindow = z.infer<typeof sessionWindowSchema>;

const coreShape = {
  name: z.string({ error: PROGRAMME_MSG.NAME }).trim().min(1, { error: PROGRAMME_MSG.NAME }).max(60, { error: PROGRAMME_MSG.NAME }),
  year: z.number({ error: PROGRAMME_MSG.YEAR }).int({ error: PROGRAMME_MSG.YEAR }).min(2020, { error: PROGRAMME_MSG.YEAR }).max(2100, { error: PROGRAMME_MSG.YEAR }),
  mode: z.enum(PROGRAMME_MODES, { error: PROGRAMME_MSG.MODE }),
  sessions: z.array(sessionWindowSchema, { error: PROGRAMME_MSG.SESSIONS }).length(SESSION_KEYS.length, { error: PROGRAMME_MSG.SESSIONS }),
  difference_fen: z.number({ error: PROGRAMME_MSG.DIFFERENCE }).int({ error: PROGRAMME_MSG.DIFFERENCE }).min(0, { error: PROGRAMME_MSG.DIFFERENCE }).max(100_000_000, { error: PROGRAMME_MSG.DIFFERENCE }),
  difference_refund_deadline: z.iso.datetime({ offset: true, error: PROGRAMME_MSG.REFUND_DEADLINE }),
};

/** Sessions in 第一期, 第二期, 第三期 order, each ending after it starts (4003 on the first one that does not). */
function checkSessions(value: { sessions: SessionWindow[] }, ctx: z.RefinementCtx) {
  value.sessions.forEach((s, index) => {
    if (s.key !== SESSION_KEYS[index]) ctx.addIssue({ code: 'custom', message: PROGRAMME_MSG.SESSIONS, path: ['sessions', index, 'key'] });
    else if (Date.parse(s.ends_at) <= Date.parse(s.starts_at)) ctx.addIssue({ code: 'custom', message: PROGRAMME_MSG.SESSION_ORDER, path: ['sessions', index, 'ends_at'] });
  });
}

/**
 * PUT /api/admin/settings/programme. The switch time is not in the body: the server stamps it when the mode
 * goes from offline to online, so who the switch concerns is decided by the server's clock alone.
 */
export const programmeFactsUpdateRequestSchema = requestObjectSchema({
  ...coreShape,
  /**
   * With mode online: forget the recorded switch, as if the programme had been online from the start (an
   * offline → online round trip saved by mistake would otherwise show the notice to every paid student).
   */
  clear_switch: z.boolean({ error: PROGRAMME_MSG.MODE }).optional(),
}).superRefine(checkSessions);
export type ProgrammeFactsUpdateRequest = z.infer<typeof programmeFactsUpdateRequestSchema>;

/** What is stored under the settings key `programme.facts`. */
export const storedProgrammeFactsSchema = z.object({ ...coreShape, switched_to_online_at: timestampSchema.nullable() });
export type StoredProgrammeFacts = z.infer<typeof storedProgrammeFactsSchema>;

/** GET /api/programme (public) and GET/PUT /api/admin/settings/programme: the facts with the fees and deadlines. */
export const programmeFactsSchema = storedProgrammeFactsSchema.extend({
  fees: z.object({ apply_fen: z.number().int(), tuition_fen: z.number().int() }),
  deadlines: z.record(z.enum(DEADLINE_KEYS), timestampSchema),
  updated_at: timestampSchema.nullable(),
});
export type ProgrammeFacts = z.infer<typeof programmeFactsSchema>;
export const programmeFactsResponseSchema = envelopeSchema(programmeFactsSchema);

const at = (local: string) => new Date(local).toISOString();

/**
 * The demo programme: online from the start (nobody paid for an in-person place, so nobody sees the switch
 * notice). Session windows are docs/product/constants.md's, moved to the deadlines' year.
 */
export const DEFAULT_PROGRAMME_FACTS: StoredProgrammeFacts = {
  name: 'Summit 高中生夏季学术项目',
  year: 2027,
  mode: 'online',
  switched_to_online_at: null,
  sessions: [
    { key: 'first', starts_at: at('2027-07-17T00:00:00+08:00'), ends_at: at('2027-07-25T23:59:59+08:00') },
    { key: 'second', starts_at: at('2027-07-29T23:00:00+08:00'), ends_at: at('2027-08-08T23:59:59+08:00') },
    { key: 'third', starts_at: at('2027-08-13T08:00:00+08:00'), ends_at: at('2027-08-22T23:59:59+08:00') },
  ],
  difference_fen: 200_000,
  difference_refund_deadline: at('2027-08-03T23:59:00+08:00'),
};

/** The next stored facts after an admin edit: the switch time is stamped on offline → online, cleared on → offline. */
export function nextProgrammeFacts(before: StoredProgrammeFacts, input: ProgrammeFactsUpdateRequest, now: Date): StoredProgrammeFacts {
  const { clear_switch: clear, ...facts } = input;
  let switched = before.switched_to_online_at;
  if (facts.mode === 'offline' || clear) switched = null;
  else if (before.mode === 'offline') switched = now.toISOString();
  return { ...facts, switched_to_online_at: switched };
}

/**
 * Whom the 改为线上举办 notice and its 确认线上参加 dialog concern: a student who paid tuition for an in-person
 * programme, i.e. before the programme switched to online. A programme online from the start concerns nobody.
 */
export function isConcernedBySwitch(facts: Pick<StoredProgrammeFacts, 'mode' | 'switched_to_online_at'>, tuitionPaidAt: Date | null | undefined): boolean {
  if (facts.mode !== 'online' || !facts.switched_to_online_at || !tuitionPaidAt) return false;
  return tuitionPaidAt.getTime() < Date.parse(facts.switched_to_online_at);
}

export function sessionOf(facts: Pick<StoredProgrammeFacts, 'sessions'>, key: SessionKey): SessionWindow | undefined {
  return facts.sessions.find((s) => s.key === key);
}

export type { ProgrammeMode, SessionKey };
