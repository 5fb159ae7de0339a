import {
  AppError,
  NOTICE_FORM_NAMES,
  NOTICE_MSG,
  STATUS,
  isOfflineToOnlineDue,
  offlineToOnlineValueSchema,
  type OnlineNoticeState,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { findNoticeRows, insertOfflineToOnlineAudited, insertOnlineRead, type NoticeRows } from './notice.repo.ts';

function stateOf(rows: NoticeRows): OnlineNoticeState {
  const read = rows.forms.find((f) => f.formName === NOTICE_FORM_NAMES.onlineRead);
  const answer = rows.forms.find((f) => f.formName === NOTICE_FORM_NAMES.offlineToOnline);
  const parsed = answer ? offlineToOnlineValueSchema.safeParse(answer.value) : null;
  const offlineToOnline = answer?.submittedAt && parsed?.success ? { chosen: parsed.data.chosen, at: answer.submittedAt.toISOString() } : null;
  return {
    read_at: read?.submittedAt?.toISOString() ?? null,
    offline_to_online: offlineToOnline,
    offline_to_online_due: isOfflineToOnlineDue({ tuitionPaid: Boolean(rows.tuitionPaidAt), answered: answer !== undefined }),
  };
}

async function loadState(ctx: AppContext, auth: AuthState): Promise<OnlineNoticeState> {
  const rows = await findNoticeRows(ctx.db, auth.accountId);
  if (rows.tuitionPaidAt === undefined) throw AppError.login();
  return stateOf(rows);
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

/** POST /api/student/offline-to-online: only a student who paid tuition; idempotent and audited once. */
export async function confirmOfflineToOnline(ctx: AppContext, auth: AuthState): Promise<OnlineNoticeState> {
  await insertOfflineToOnlineAudited(ctx.db, {
    accountId: auth.accountId,
    chosen: 'online',
    now: ctx.now(),
    check: (profile) => {
      if (!profile) throw AppError.login();
      if (!profile.tuitionPaidAt) throw AppError.gate(STATUS.GATE_OFFER, NOTICE_MSG.OFFLINE_TO_ONLINE_PAID_ONLY);
    },
  });
  return loadState(ctx, auth);
}
