/**
 * Activities (decision 100): the programme office schedules activities; a student sees the ones whose audience
 * includes them on the hub (lit, upcoming, closed) and on each kind's card; ceremonies add an agenda, a live link
 * the server hands out only from 15 minutes before the start until the end (recording attendance as it does), a
 * replay after, and each teacher's part with its cues.
 */
import {
  ACTIVITY_MSG,
  AppError,
  activityCardPath,
  activityWindow,
  liveLinkState,
  type ActivityAttendance,
  type ActivityCard,
  type ActivityHub,
  type ActivityInput,
  type ActivityJoin,
  type ActivityKind,
  type AdminActivity,
  type AgendaItem,
  type CeremonyKind,
  type StudentActivity,
  type StudentActivityCard,
  type TeacherCeremony,
} from '@summit/domain';
import type { Readable } from 'node:stream';
import type { AppContext, AuthState } from '../../http/context.ts';
import { beijingDayTag, beijingTime, keysetBatches, streamSheet, type SheetColumn } from '../../exports/sheet-stream.ts';
import { sanitizeRichText } from '../../lib/content-sanitiser.ts';
import {
  activitiesForStudent,
  activityById,
  agendaOf,
  attendanceCounts,
  attendancePage,
  attendedAt,
  insertActivityAudited,
  listActivities,
  nonTeacherIds,
  publishedActivities,
  recordAttendance,
  setPublishedAudited,
  teacherOptions,
  unknownAudienceValues,
  updateActivityAudited,
  mayTakePart,
  type ActivityRow,
  type ActivityWrite,
  type AgendaRow,
} from './activities.repo.ts';

function agendaItemOf(a: AgendaRow): AgendaItem {
  return { id: a.id, starts_at: a.startsAt.toISOString(), title: a.title, speaker: a.speaker, teacher_id: a.teacherId, teacher_name: a.teacherName, cue: a.cue };
}

function adminActivityOf(row: ActivityRow, agenda: AgendaRow[], attendance: number, now: Date): AdminActivity {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    content: row.content,
    opens_at: row.opensAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    audience: { kind: row.audienceKind, values: row.audienceValues },
    cta_label: row.ctaLabel,
    cta_url: row.ctaUrl,
    live_url: row.liveUrl,
    replay_url: row.replayUrl,
    published: row.published,
    window: activityWindow(row, now),
    agenda: agenda.map(agendaItemOf),
    attendance,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function adminActivities(ctx: AppContext, rows: ActivityRow[]): Promise<AdminActivity[]> {
  const ids = rows.map((r) => r.id);
  const [agenda, counts] = await Promise.all([agendaOf(ctx.db, ids), attendanceCounts(ctx.db, ids)]);
  const now = ctx.now();
  return rows.map((r) => adminActivityOf(r, agenda.get(r.id) ?? [], counts.get(r.id) ?? 0, now));
}

export async function listAdminActivities(ctx: AppContext, kind: ActivityKind | undefined): Promise<{ items: AdminActivity[] }> {
  return { items: await adminActivities(ctx, await listActivities(ctx.db, kind)) };
}

async function mustFindAdmin(ctx: AppContext, id: number): Promise<AdminActivity> {
  const row = await activityById(ctx.db, id);
  if (!row) throw AppError.notFound(ACTIVITY_MSG.NOT_FOUND);
  const [item] = await adminActivities(ctx, [row]);
  return item!;
}

export function getAdminActivity(ctx: AppContext, id: number): Promise<AdminActivity> {
  return mustFindAdmin(ctx, id);
}

/** Checks what the schema cannot (the audience's records exist, speakers are teachers) and shapes the write. */
async function writeOf(ctx: AppContext, input: ActivityInput): Promise<ActivityWrite> {
  const values = [...new Set(input.audience.kind === 'all' ? [] : input.audience.values)];
  if ((await unknownAudienceValues(ctx.db, input.audience.kind, values)).length > 0) throw AppError.param('audience', ACTIVITY_MSG.AUDIENCE_UNKNOWN);
  const teacherIds = [...new Set(input.agenda.map((a) => a.teacher_id).filter((id): id is number => typeof id === 'number'))];
  if ((await nonTeacherIds(ctx.db, teacherIds)).length > 0) throw AppError.param('agenda', ACTIVITY_MSG.SPEAKER_NOT_TEACHER);
  return {
    kind: input.kind,
    title: input.title,
    content: sanitizeRichText(input.content),
    opensAt: new Date(input.opens_at),
    closesAt: new Date(input.closes_at),
    audienceKind: input.audience.kind,
    audienceValues: values,
    coverKey: null,
    ctaLabel: input.cta_label,
    ctaUrl: input.cta_url,
    liveUrl: input.live_url,
    replayUrl: input.replay_url,
    agenda: [...input.agenda]
      .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))
      .map((a) => ({ startsAt: new Date(a.starts_at), title: a.title, speaker: a.speaker, teacherId: a.teacher_id ?? null, cue: a.cue })),
  };
}

/** Created unpublished: the office reviews it, then publishes. */
export async function createActivity(ctx: AppContext, auth: AuthState, input: ActivityInput): Promise<AdminActivity> {
  const id = await insertActivityAudited(ctx.db, await writeOf(ctx, input), auth.accountId, ctx.now());
  return mustFindAdmin(ctx, id);
}

export async function updateActivity(ctx: AppContext, auth: AuthState, id: number, input: ActivityInput): Promise<AdminActivity> {
  const found = await updateActivityAudited(ctx.db, id, await writeOf(ctx, input), auth.accountId, ctx.now());
  if (!found) throw AppError.notFound(ACTIVITY_MSG.NOT_FOUND);
  return mustFindAdmin(ctx, id);
}

export async function publishActivity(ctx: AppContext, auth: AuthState, id: number, published: boolean): Promise<AdminActivity> {
  if (!(await setPublishedAudited(ctx.db, id, published, auth.accountId, ctx.now()))) throw AppError.notFound(ACTIVITY_MSG.NOT_FOUND);
  return mustFindAdmin(ctx, id);
}

/** What the editor picks from: teachers for the agenda (venues, houses and courses come from their own lists). */
export async function getActivityOptions(ctx: AppContext): Promise<{ teachers: Array<{ id: number; name: string }> }> {
  return { teachers: await teacherOptions(ctx.db) };
}

export async function getAttendance(ctx: AppContext, id: number): Promise<ActivityAttendance> {
  const row = await activityById(ctx.db, id);
  if (!row) throw AppError.notFound(ACTIVITY_MSG.NOT_FOUND);
  const [items, counts] = await Promise.all([attendancePage(ctx.db, id, 0, 500), attendanceCounts(ctx.db, [id])]);
  return { activity_id: id, total: counts.get(id) ?? 0, items };
}

type AttendanceLine = Awaited<ReturnType<typeof attendancePage>>[number];
const ATTENDANCE_COLUMNS: readonly SheetColumn<AttendanceLine>[] = [
  { header: '学生编号', value: (r) => r.student_id },
  { header: '姓名', width: 16, value: (r) => r.name },
  { header: '进入时间', width: 18, value: (r) => beijingTime(r.attended_at) },
];

export async function exportAttendance(ctx: AppContext, id: number): Promise<{ fileName: string; stream: Readable }> {
  const row = await activityById(ctx.db, id);
  if (!row) throw AppError.notFound(ACTIVITY_MSG.NOT_FOUND);
  const batches = keysetBatches((after, limit) => attendancePage(ctx.db, id, after, limit), (r) => r.student_id);
  return { fileName: `出席-${row.title.slice(0, 20)}-${beijingDayTag(ctx.now())}.xlsx`, stream: streamSheet('出席', ATTENDANCE_COLUMNS, batches) };
}

// ---- students ----

function cardOf(row: ActivityRow, now: Date): ActivityCard {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    opens_at: row.opensAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    window: activityWindow(row, now),
    path: `${activityCardPath(row.kind)}?id=${row.id}`,
  };
}

/** The hub: lit (open now) soonest-closing first, upcoming soonest first, closed most recent first. */
export async function getHub(ctx: AppContext, auth: AuthState): Promise<ActivityHub> {
  const now = ctx.now();
  const cards = (await activitiesForStudent(ctx.db, auth.accountId)).map((r) => cardOf(r, now));
  const by = (w: string) => cards.filter((c) => c.window === w);
  return {
    lit: by('open').sort((a, b) => Date.parse(a.closes_at) - Date.parse(b.closes_at)),
    upcoming: by('upcoming').sort((a, b) => Date.parse(a.opens_at) - Date.parse(b.opens_at)),
    closed: by('closed').sort((a, b) => Date.parse(b.closes_at) - Date.parse(a.closes_at)),
  };
}

async function studentActivityOf(ctx: AppContext, auth: AuthState, row: ActivityRow): Promise<StudentActivity> {
  const now = ctx.now();
  const window = activityWindow(row, now);
  const live = liveLinkState(row, now);
  const [agenda, at] = await Promise.all([agendaOf(ctx.db, [row.id]), attendedAt(ctx.db, row.id, auth.accountId)]);
  return {
    ...cardOf(row, now),
    content: row.content,
    cta_label: row.ctaLabel,
    // The call to action works while the activity is open.
    cta_url: window === 'open' ? row.ctaUrl : '',
    live_state: live,
    // Never in a read: POST …/join hands it out and records attendance.
    live_url: null,
    replay_url: live === 'after' && row.replayUrl ? row.replayUrl : null,
    agenda: (agenda.get(row.id) ?? []).map(({ id, startsAt, title, speaker, teacherName }) => ({ id, starts_at: startsAt.toISOString(), title, speaker, teacher_name: teacherName })),
    attended: at !== null,
  };
}

/**
 * A kind's card: the requested activity (if the student takes part in it), else the open one, else the next,
 * else the latest; and when the next one of the kind opens.
 */
export async function getCard(ctx: AppContext, auth: AuthState, kind: ActivityKind, id: number | undefined): Promise<StudentActivityCard> {
  const now = ctx.now();
  const rows = await activitiesForStudent(ctx.db, auth.accountId, kind);
  const windows = rows.map((r) => ({ r, w: activityWindow(r, now) }));
  const next = windows.filter((x) => x.w === 'upcoming').sort((a, b) => a.r.opensAt.getTime() - b.r.opensAt.getTime())[0]?.r;
  let chosen: ActivityRow | undefined;
  if (id !== undefined) {
    chosen = rows.find((r) => r.id === id);
    if (!chosen) throw AppError.notFound(ACTIVITY_MSG.NOT_FOUND);
  }
  chosen ??=
    windows.filter((x) => x.w === 'open').sort((a, b) => a.r.closesAt.getTime() - b.r.closesAt.getTime())[0]?.r ??
    next ??
    windows.filter((x) => x.w === 'closed').sort((a, b) => b.r.closesAt.getTime() - a.r.closesAt.getTime())[0]?.r;
  return { activity: chosen ? await studentActivityOf(ctx, auth, chosen) : null, next_opens_at: next ? next.opensAt.toISOString() : null };
}

/** Opening the live link: only a participant, only inside the live window, and they are marked present once. */
export async function joinActivity(ctx: AppContext, auth: AuthState, id: number): Promise<ActivityJoin> {
  const row = await activityById(ctx.db, id);
  if (!row || !row.published) throw AppError.notFound(ACTIVITY_MSG.NOT_FOUND);
  if (!(await mayTakePart(ctx.db, id, auth.accountId))) throw AppError.message(ACTIVITY_MSG.NOT_ELIGIBLE);
  const now = ctx.now();
  const state = liveLinkState(row, now);
  if (state === 'before') throw AppError.message(ACTIVITY_MSG.NOT_LIVE);
  if (state === 'after') throw AppError.message(ACTIVITY_MSG.ENDED);
  if (!row.liveUrl) throw AppError.message(ACTIVITY_MSG.NO_LIVE_URL);
  const at = await recordAttendance(ctx.db, id, auth.accountId, now);
  return { live_url: row.liveUrl, attended_at: at.toISOString() };
}

// ---- teachers ----

/**
 * A teacher's ceremony page: the current or next published ceremony of the kind (else the latest), its agenda, and
 * the items this teacher holds with their cues. The live link shows under the same window as students'.
 */
export async function getTeacherCeremony(ctx: AppContext, auth: AuthState, kind: CeremonyKind): Promise<TeacherCeremony> {
  const now = ctx.now();
  const rows = await publishedActivities(ctx.db, kind);
  const agendas = await agendaOf(ctx.db, rows.map((r) => r.id));
  const mine = (r: ActivityRow) => (agendas.get(r.id) ?? []).some((a) => a.teacherId === auth.accountId);
  const rank = (r: ActivityRow) => {
    const w = activityWindow(r, now);
    return (mine(r) ? 0 : 3) + (w === 'open' ? 0 : w === 'upcoming' ? 1 : 2);
  };
  const ordered = [...rows].sort((a, b) => rank(a) - rank(b) || (activityWindow(a, now) === 'closed' ? b.closesAt.getTime() - a.closesAt.getTime() : a.opensAt.getTime() - b.opensAt.getTime()));
  const row = ordered[0];
  if (!row) return { activity: null };
  const agenda = (agendas.get(row.id) ?? []).map(agendaItemOf);
  const live = liveLinkState(row, now);
  return {
    activity: {
      id: row.id,
      kind: row.kind,
      title: row.title,
      content: row.content,
      opens_at: row.opensAt.toISOString(),
      closes_at: row.closesAt.toISOString(),
      window: activityWindow(row, now),
      live_state: live,
      live_url: live === 'live' && row.liveUrl ? row.liveUrl : null,
      replay_url: live === 'after' && row.replayUrl ? row.replayUrl : null,
      agenda: agenda.map(({ cue: _cue, ...rest }) => rest),
      my_items: agenda.filter((a) => a.teacher_id === auth.accountId),
    },
  };
}
