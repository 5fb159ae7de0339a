/**
 * The after-offer portal of a programme (decision 075): state, offer, gates, fees and installments,
 * the chosen duration, documents, weeks and content pages. Gates as docs/product/users-and-roles.md says: 仅录取用户可访问 without a
 * released admit, 完成定金支付后，方可访问 for pages behind the deposit.
 */
import {
  AppError,
  MSG,
  applicationState,
  programmeGateError,
  type ProgrammeDecisionView,
  type ProgrammePortal,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { sanitizeRichText } from '../../lib/content-sanitiser.ts';
import { findApplication, findProgrammeByCode, type ProgrammeApplicationRow, type ProgrammeRow } from './programmes.repo.ts';
import { findDocuments, hasPaidProgrammeFee, saveDurationKey } from './programme-portal.repo.ts';
import { assertProgrammeGate, installmentFields, isAdmitted, isFree, programmeDues, type ProgrammeDues } from './programme-payments.plan.ts';

export interface ProgrammeFor {
  programme: ProgrammeRow;
  app: ProgrammeApplicationRow | undefined;
}

/** The programme by its code and this account's own application (never another's). */
export async function loadProgrammeFor(ctx: Pick<AppContext, 'db'>, code: string, accountId: number): Promise<ProgrammeFor> {
  const programme = await findProgrammeByCode(ctx.db, code);
  if (!programme) throw AppError.notFound(MSG.PROGRAMME_NOT_FOUND);
  const app = await findApplication(ctx.db, programme.id, accountId);
  return { programme, app };
}

export function decisionViewOf(programme: ProgrammeRow, app: ProgrammeApplicationRow | undefined): ProgrammeDecisionView | null {
  if (!app?.decision || !app.releasedAt) return null;
  const offerLabel = app.offerType ? (programme.definition.offer_types.find((t) => t.key === app.offerType)?.label ?? null) : null;
  return { decision: app.decision, offer_type: app.offerType, offer_label: offerLabel, released_at: app.releasedAt.toISOString() };
}

function gatesOf(programme: ProgrammeRow, app: ProgrammeApplicationRow | undefined, dues: ProgrammeDues) {
  const facts = { admitted: isAdmitted(app), depositPaid: dues.depositPaid, feeMode: isFree(programme.definition) ? ('none' as const) : programme.definition.fees.mode };
  return { offer: programmeGateError('offer', facts), deposit: programmeGateError('deposit', facts) };
}

/** GET /api/student/programmes/:code/portal. */
export async function getProgrammePortal(ctx: AppContext, auth: AuthState, code: string): Promise<ProgrammePortal> {
  const { programme, app } = await loadProgrammeFor(ctx, code, auth.accountId);
  const def = programme.definition;
  const now = ctx.now();
  const dues = await programmeDues(ctx.db, programme, app, now);
  const gates = gatesOf(programme, app, dues);
  const docs = app ? await findDocuments(ctx.db, app.id) : undefined;
  const next = dues.installments.find((i) => !i.paidAt) ?? null;
  const showPlan = gates.offer === null && !dues.free;
  return {
    code: programme.code,
    name: def.name,
    state: applicationState({
      exists: app !== undefined,
      submittedAt: app?.submittedAt ?? null,
      applyFeeFen: def.fees.apply_fee_fen,
      applyFeePaid: dues.applyFeePaid,
      releasedDecision: app?.releasedAt ? app.decision : null,
    }),
    offer: decisionViewOf(programme, app),
    gates,
    fees: {
      mode: isFree(def) ? 'none' : def.fees.mode,
      durations: def.fees.durations,
      duration_key: app?.durationKey ?? null,
      fee_fen: dues.feeFen ?? 0,
      paid_fen: dues.paidFen,
      parent_pay: def.fees.parent_pay,
    },
    installments: showPlan
      ? dues.installments.map((i) => ({ kind: i.kind, ...installmentFields(i), payable: i === next }))
      : null,
    next_kind: showPlan ? (next?.kind ?? null) : null,
    documents: def.documents,
    passport_saved: Boolean(docs?.passportCipher),
    visa_status: def.documents.visa ? (docs?.visaStatus ?? 'not_started') : null,
    weeks: [...def.weeks]
      .sort((a, b) => a.week - b.week)
      .map((w) => ({ week: w.week, title: w.title, opens_at: w.opens_at, open: gates.deposit === null && new Date(w.opens_at).getTime() <= now.getTime() })),
    has_course: def.course_html.trim() !== '',
    has_announcement: def.announcement_html.trim() !== '',
  };
}

/** PUT /api/student/programmes/:code/duration: admitted only; fixed once any of the programme fee is paid. */
export async function chooseProgrammeDuration(ctx: AppContext, auth: AuthState, code: string, durationKey: string): Promise<ProgrammePortal> {
  const { programme, app } = await loadProgrammeFor(ctx, code, auth.accountId);
  const def = programme.definition;
  assertProgrammeGate('offer', def, app, null);
  if (!def.fees.durations.some((d) => d.key === durationKey)) throw AppError.param('duration_key', MSG.PROGRAMME_DURATION_INVALID);
  if (await hasPaidProgrammeFee(ctx.db, auth.accountId, programme.id)) throw AppError.message(MSG.PROGRAMME_DURATION_LOCKED);
  await saveDurationKey(ctx.db, app!.id, durationKey, ctx.now());
  return getProgrammePortal(ctx, auth, code);
}

/** GET /api/student/programmes/:code/weeks/:week: behind the deposit, and opened by its date. */
export async function getProgrammeWeek(ctx: AppContext, auth: AuthState, code: string, week: number) {
  const { programme, app } = await loadProgrammeFor(ctx, code, auth.accountId);
  const def = programme.definition;
  assertProgrammeGate('deposit', def, app, await programmeDues(ctx.db, programme, app, ctx.now()));
  const weeks = [...def.weeks].sort((a, b) => a.week - b.week);
  const index = weeks.findIndex((w) => w.week === week);
  const found = weeks[index];
  if (!found) throw AppError.notFound(MSG.PAGE_NOT_FOUND);
  if (new Date(found.opens_at).getTime() > ctx.now().getTime()) throw AppError.message(MSG.PROGRAMME_WEEK_NOT_OPEN);
  return {
    week: found.week,
    title: found.title,
    opens_at: found.opens_at,
    content_html: sanitizeRichText(found.content_html),
    tasks: found.tasks,
    prev: weeks[index - 1]?.week ?? null,
    next: weeks[index + 1]?.week ?? null,
  };
}

const PAGE_TITLES = { intro: '项目须知', course: '课程安排', announcement: '项目公告' } as const;

/** GET /api/student/programmes/:code/pages/:page: intro and announcement behind the offer, course behind the deposit. */
export async function getProgrammePage(ctx: AppContext, auth: AuthState, code: string, page: 'intro' | 'course' | 'announcement') {
  const { programme, app } = await loadProgrammeFor(ctx, code, auth.accountId);
  const def = programme.definition;
  if (page === 'course') assertProgrammeGate('deposit', def, app, await programmeDues(ctx.db, programme, app, ctx.now()));
  else assertProgrammeGate('offer', def, app, null);
  const html = page === 'intro' ? def.intro_html : page === 'course' ? def.course_html : def.announcement_html;
  return { title: `${def.name} ${PAGE_TITLES[page]}`, html: sanitizeRichText(html), updated_at: programme.updatedAt.toISOString() };
}
