import {
  AppError,
  NOTICE_FORM_NAMES,
  NOTICE_MSG,
  STATUS,
  isConcernedBySwitch,
  isOfflineToOnlineDue,
  programmeRange,
  offlineToOnlineValueSchema,
  type OnlineNoticeState,
  type StoredProgrammeFacts,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { getStoredProgrammeFacts } from '../settings/programme.service.ts';
import { findNoticeRows, insertOfflineToOnlineAudited, insertOnlineRead, type NoticeRows } from './notice.repo.ts';

function stateOf(rows: NoticeRows, facts: StoredProgrammeFacts): OnlineNoticeState {
  const read = rows.forms.find((f) => f.formName === NOTICE_FORM_NAMES.onlineRead);
  const answer = rows.forms.find((f) => f.formName === NOTICE_FORM_NAMES.offlineToOnline);
  const parsed = answer ? offlineToOnlineValueSchema.safeParse(answer.value) : null;
  const offlineToOnline = answer?.submittedAt && parsed?.success ? { chosen: parsed.data.chosen, at: answer.submittedAt.toISOString() } : null;
  // The server alone decides whom the switch concerns (decision 029): tuition paid while the programme was in person.
  const concerned = isConcernedBySwitch(facts, rows.tuitionPaidAt);
  return {
    read_at: read?.submittedAt?.toISOString() ?? null,
    offline_to_online: offlineToOnline,
    concerned,
    offline_to_online_due: isOfflineToOnlineDue({ concerned, answered: answer !== undefined }),
    switch_notice: concerned
      ? { dates: programmeRange(facts.sessions), difference_fen: facts.difference_fen, refund_deadline: facts.difference_refund_deadline }
      : null,
  };
}

async function loadState(ctx: AppContext, auth: AuthState): Promise<OnlineNoticeState> {
  const [rows, facts] = await Promise.all([findNoticeRows(ctx.db, auth.accountId), getStoredProgrammeFacts(ctx)]);
  if (rows.tuitionPaidAt === undefined) throw AppError.login();
  return stateOf(rows, facts);
}

/** GET /api/student/online-notice: the caller's own flags. */
export async function getOnlineNotice(ctx: AppContext, auth: AuthState): Promise<OnlineNoticeState> {
  return loadState(ctx, auth);
}

/** POST /api/student/online-read: idempotent, the first time is kept. */
export async function markOnlineNoticeRead(ctx: AppContext, auth: AuthState): Promise<OnlineNoticeState> {
  await loadState(ctx, auth);
  await insertOnlineRead(ctx.db, auth.accountId, ctx.now());
  return loadState(ctx, auth);
}

/** POST /api/student/offline-to-online: only a student the switch concerns; idempotent and audited once. */
export async function confirmOfflineToOnline(ctx: AppContext, auth: AuthState): Promise<OnlineNoticeState> {
  const facts = await getStoredProgrammeFacts(ctx);
  await insertOfflineToOnlineAudited(ctx.db, {
    accountId: auth.accountId,
    chosen: 'online',
    now: ctx.now(),
    check: (profile) => {
      if (!profile) throw AppError.login();
      if (!profile.tuitionPaidAt) throw AppError.gate(STATUS.GATE_OFFER, NOTICE_MSG.OFFLINE_TO_ONLINE_PAID_ONLY);
      if (!isConcernedBySwitch(facts, profile.tuitionPaidAt)) throw AppError.gate(STATUS.GATE_OFFER, NOTICE_MSG.OFFLINE_TO_ONLINE_NOT_CONCERNED);
    },
  });
  return loadState(ctx, auth);
}
