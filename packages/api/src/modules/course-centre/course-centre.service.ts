/**
 * The course centre's rules (decision 041): who may select (the gate), which courses they see, wish list, cart,
 * grab, drop with waitlist promotion, and the admin's selection rounds with preference allocation (decision 042).
 */
import { randomBytes } from 'node:crypto';
import {
  AppError,
  COURSE_CENTRE_MSG,
  COURSE_LIMITS,
  MSG,
  SESSION_NAMES,
  STATUS,
  allocateByPreference,
  clashMessage,
  SEAT_TARGET_DEFAULT,
  courseCentreGate,
  cornerstoneShortfall,
  roundPhase,
  seatRuleViolation,
  sessionKeyOfName,
  type AllocationResult,
  type AllocationRun,
  type CentreConfig,
  type CentreCourse,
  type CentreCourseListQuery,
  type GrabResult,
  type HeldCourse,
  type RoundBody,
  type SelectionRound,
  type SessionKey,
  type Timetable,
  noticePlainText,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import {
  addCart,
  addWish,
  commitRun,
  dropSeat,
  findCourse,
  findCourses,
  findHeld,
  findHeldOfMany,
  findRound,
  findRoundCourses,
  findRun,
  findStudentLists,
  findStudentCentre,
  findWaitlistPositions,
  findWishLists,
  insertRoundAudited,
  insertRun,
  joinWaitlist,
  leaveWaitlist,
  listCentreCourses,
  listNotices,
  listRounds,
  listRuns,
  listWaitlists,
  markCartSubmitted,
  namesOf,
  removeCart,
  removeWish,
  reorder,
  updateRoundAudited,
  venueExists,
  grabSeat,
  type CourseRow,
  type GrabAnswer,
  type RoundRow,
  type StudentLists,
} from './course-centre.repo.ts';

interface Centre {
  studentId: number;
  sessionKey: SessionKey;
  venue: { id: number; placeName: string; name: string };
  round: RoundRow | null;
  /** Read in the same statement when the request names a course (loadCentre's courseId). */
  course: CourseRow | null;
  held: HeldCourse[] | null;
}

/**
 * Who may use the course centre: the domain's courseCentreGate (docs/product/errors.md order, decision 044: not paid → 403-30
 * 用户尚未开放选课！, venue result not out → 403-30 请在公布会场结果后选课, no session or venue → 403-20), decided from
 * one statement that also brings the governing round and, with `courseId`, the course and the held courses.
 * Endpoints that need a round call requireRound.
 */
export async function loadCentre(ctx: AppContext, auth: AuthState, courseId?: number): Promise<Centre> {
  const now = ctx.now();
  const p = await findStudentCentre(ctx.db, { studentId: auth.accountId, sessionNames: SESSION_NAMES, now, ...(courseId === undefined ? {} : { courseId }) });
  if (!p) throw AppError.login();
  const sessionKey = sessionKeyOfName(p.placeName, SESSION_NAMES);
  const gate = courseCentreGate({ tuitionPaid: p.tuitionPaidAt !== null, venueResultPublished: p.venuePublishAt !== null && p.venuePublishAt.getTime() <= now.getTime(), venueAssigned: sessionKey !== null && p.venue !== null });
  if (gate) throw gate.status === STATUS.MESSAGE ? AppError.message(gate.msg) : AppError.gate(gate.status, gate.msg);
  return { studentId: auth.accountId, sessionKey: sessionKey!, venue: p.venue!, round: p.round, course: p.course, held: p.held };
}

function requireRound(c: Centre): RoundRow {
  if (!c.round) throw AppError.gate(STATUS.GATE_COURSE_CART, MSG.COURSE_CART_NOT_OPEN);
  return c.round;
}

/** Lists (wish, cart) may be edited before and during the window of an open round; seats only during it. */
function requireWindow(ctx: AppContext, round: RoundRow, allowBefore: boolean): void {
  if (round.status !== 'open') throw AppError.message(round.status === 'draft' ? COURSE_CENTRE_MSG.NOT_STARTED : COURSE_CENTRE_MSG.ENDED);
  const phase = roundPhase(ctx.now().getTime(), round.opensAt.getTime(), round.closesAt.getTime());
  if (phase === 'after') throw AppError.message(COURSE_CENTRE_MSG.ENDED);
  if (phase === 'before' && !allowBefore) throw AppError.message(COURSE_CENTRE_MSG.NOT_STARTED);
}

/** Only courses of the student's session and venue, published, and (for seats) in the round's categories. */
function requireSelectable(c: Centre, course: CourseRow | null, round: RoundRow | null): CourseRow {
  if (!course || !course.published) throw AppError.message(COURSE_CENTRE_MSG.COURSE_NOT_FOUND);
  if (course.sessionKey !== c.sessionKey || (course.venueId !== null && course.venueId !== c.venue.id)) throw AppError.message(COURSE_CENTRE_MSG.WRONG_SESSION_OR_VENUE);
  if (round && !round.categories.includes(course.category)) throw AppError.message(COURSE_CENTRE_MSG.NOT_IN_ROUND);
  return course;
}

const toHeld = (c: CourseRow): HeldCourse => ({ id: c.id, title: c.title, category: c.category, meetings: c.meetings.map((m) => ({ start: m.startsAt.getTime(), end: m.endsAt.getTime() })) });

function roundOut(r: RoundRow): SelectionRound {
  return {
    id: r.id,
    name: r.name,
    session_key: r.sessionKey,
    venue_id: r.venueId,
    categories: r.categories,
    mode: r.mode,
    seat_target: r.seatTarget,
    opens_at: r.opensAt.toISOString(),
    closes_at: r.closesAt.toISOString(),
    status: r.status,
    seed: r.seed,
    created_at: r.createdAt.toISOString(),
  };
}

function courseOut(c: CourseRow, lists: StudentLists, held: HeldCourse[]): CentreCourse {
  const enrolled = lists.enrolled.some((e) => e.courseId === c.id);
  const clash = enrolled ? null : seatRuleViolation(toHeld(c), held);
  return {
    id: c.id,
    code: c.code,
    title: c.title,
    teacher_name: c.teacherName,
    category: c.category,
    session_key: c.sessionKey,
    period: c.period,
    language: c.language,
    capacity: c.capacity,
    seats_left: Math.max(0, c.capacity - c.taken),
    description: c.description,
    syllabus: c.syllabus,
    meetings: c.meetings.map((m) => ({ starts_at: m.startsAt.toISOString(), ends_at: m.endsAt.toISOString(), location: m.location })),
    clashes_with: clash && clash.startsWith(COURSE_CENTRE_MSG.CLASH_PREFIX) ? clash.slice(COURSE_CENTRE_MSG.CLASH_PREFIX.length).replace(/^《|》$/g, '') : null,
    in_cart: lists.cart.some((x) => x.courseId === c.id),
    in_wish: lists.wish.some((x) => x.courseId === c.id),
    enrolled,
    waitlisted: lists.waitlist.some((x) => x.courseId === c.id),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Student endpoints

export async function getConfig(ctx: AppContext, auth: AuthState): Promise<CentreConfig> {
  const c = await loadCentre(ctx, auth);
  const now = ctx.now();
  return {
    round: c.round ? roundOut(c.round) : null,
    phase: c.round ? roundPhase(now.getTime(), c.round.opensAt.getTime(), c.round.closesAt.getTime()) : null,
    server_now: now.toISOString(),
    session_key: c.sessionKey,
    venue: { id: c.venue.id, place_name: c.venue.placeName, name: c.venue.name },
    limits: { fc_extra_max: COURSE_LIMITS.FC_EXTRA_MAX, cw_min: COURSE_LIMITS.CW_MIN },
  };
}

export async function listCourses(ctx: AppContext, auth: AuthState, q: CentreCourseListQuery): Promise<CentreCourse[]> {
  const c = await loadCentre(ctx, auth);
  const [rows, lists, held] = await Promise.all([listCentreCourses(ctx.db, { sessionKey: c.sessionKey, venueId: c.venue.id, ...q }), findStudentLists(ctx.db, c.studentId), findHeld(ctx.db, c.studentId)]);
  return rows.map((r) => courseOut(r, lists, held));
}

export async function getCourseDetail(ctx: AppContext, auth: AuthState, courseId: number): Promise<CentreCourse> {
  const c = await loadCentre(ctx, auth);
  const course = requireSelectable(c, await findCourse(ctx.db, courseId), null);
  const [lists, held] = await Promise.all([findStudentLists(ctx.db, c.studentId), findHeld(ctx.db, c.studentId)]);
  return courseOut(course, lists, held);
}

async function orderedList(ctx: AppContext, c: Centre, list: 'wish' | 'cart'): Promise<Array<{ course: CentreCourse; sort: number }>> {
  const [lists, held] = await Promise.all([findStudentLists(ctx.db, c.studentId), findHeld(ctx.db, c.studentId)]);
  const items = list === 'wish' ? lists.wish.map((w) => ({ courseId: w.courseId, sort: w.rank })) : lists.cart;
  const rows = new Map((await findCourses(ctx.db, items.map((i) => i.courseId))).map((r) => [r.id, r]));
  return items.flatMap((i) => {
    const row = rows.get(i.courseId);
    return row ? [{ course: courseOut(row, lists, held), sort: i.sort }] : [];
  });
}

export async function getWish(ctx: AppContext, auth: AuthState) {
  return orderedList(ctx, await loadCentre(ctx, auth), 'wish');
}

export async function addToWish(ctx: AppContext, auth: AuthState, courseId: number) {
  const c = await loadCentre(ctx, auth, courseId);
  const round = requireRound(c);
  requireWindow(ctx, round, true);
  requireSelectable(c, c.course, round);
  if (!(await addWish(ctx.db, c.studentId, courseId, ctx.now()))) throw AppError.message(COURSE_CENTRE_MSG.IN_WISH);
  return orderedList(ctx, c, 'wish');
}

export async function removeFromWish(ctx: AppContext, auth: AuthState, courseId: number) {
  const c = await loadCentre(ctx, auth);
  const round = requireRound(c);
  requireWindow(ctx, round, true);
  if (!(await removeWish(ctx.db, c.studentId, courseId))) throw AppError.message(COURSE_CENTRE_MSG.NOT_IN_WISH);
  return orderedList(ctx, c, 'wish');
}

async function sortList(ctx: AppContext, auth: AuthState, list: 'wish' | 'cart', courseIds: number[]) {
  const c = await loadCentre(ctx, auth);
  requireWindow(ctx, requireRound(c), true);
  const lists = await findStudentLists(ctx.db, c.studentId);
  const current = (list === 'wish' ? lists.wish : lists.cart).map((i) => i.courseId);
  const same = courseIds.length === current.length && new Set(courseIds).size === courseIds.length && courseIds.every((id) => current.includes(id));
  if (!same) throw AppError.param('course_ids', COURSE_CENTRE_MSG.SORT_MISMATCH);
  await reorder(ctx.db, list, c.studentId, courseIds);
  return orderedList(ctx, c, list);
}

export const sortWish = (ctx: AppContext, auth: AuthState, ids: number[]) => sortList(ctx, auth, 'wish', ids);
export const sortCart = (ctx: AppContext, auth: AuthState, ids: number[]) => sortList(ctx, auth, 'cart', ids);

export async function getCart(ctx: AppContext, auth: AuthState) {
  return orderedList(ctx, await loadCentre(ctx, auth), 'cart');
}

export async function addToCart(ctx: AppContext, auth: AuthState, courseId: number) {
  const c = await loadCentre(ctx, auth, courseId);
  const round = requireRound(c);
  requireWindow(ctx, round, true);
  requireSelectable(c, c.course, round);
  const lists = await findStudentLists(ctx.db, c.studentId);
  if (lists.enrolled.some((e) => e.courseId === courseId)) throw AppError.message(COURSE_CENTRE_MSG.ALREADY_ENROLLED);
  if (!(await addCart(ctx.db, c.studentId, courseId, ctx.now()))) throw AppError.message(COURSE_CENTRE_MSG.IN_CART);
  return orderedList(ctx, c, 'cart');
}

export async function removeFromCart(ctx: AppContext, auth: AuthState, courseId: number) {
  const c = await loadCentre(ctx, auth);
  if (!(await removeCart(ctx.db, c.studentId, courseId))) throw AppError.message(COURSE_CENTRE_MSG.NOT_IN_CART);
  return orderedList(ctx, c, 'cart');
}

/** The grab's outcome as the API answers it: the same statuses and messages as the read-then-write path had. */
function grabRefusal(a: GrabAnswer): AppError | null {
  switch (a.outcome) {
    case 'taken':
      return null;
    case 'no_profile':
      return AppError.login();
    case 'gate': {
      const gate = courseCentreGate({ tuitionPaid: a.paid === true, venueResultPublished: a.published === true, venueAssigned: a.assigned === true });
      if (!gate) throw new Error('course_centre_grab refused a student the gate lets in');
      return gate.status === STATUS.MESSAGE ? AppError.message(gate.msg) : AppError.gate(gate.status, gate.msg);
    }
    case 'no_round':
      return AppError.gate(STATUS.GATE_COURSE_CART, MSG.COURSE_CART_NOT_OPEN);
    case 'not_grab_round':
      return AppError.message(COURSE_CENTRE_MSG.NOT_GRAB_ROUND);
    case 'not_started':
      return AppError.message(COURSE_CENTRE_MSG.NOT_STARTED);
    case 'ended':
      return AppError.message(COURSE_CENTRE_MSG.ENDED);
    case 'course_not_found':
      return AppError.message(COURSE_CENTRE_MSG.COURSE_NOT_FOUND);
    case 'wrong_session_or_venue':
      return AppError.message(COURSE_CENTRE_MSG.WRONG_SESSION_OR_VENUE);
    case 'not_in_round':
      return AppError.message(COURSE_CENTRE_MSG.NOT_IN_ROUND);
    case 'full':
      return AppError.message(COURSE_CENTRE_MSG.FULL);
    case 'already':
      return AppError.message(COURSE_CENTRE_MSG.ALREADY_ENROLLED);
    case 'fc_limit':
      return AppError.message(COURSE_CENTRE_MSG.FC_LIMIT);
    case 'clash':
      return AppError.message(clashMessage(a.clashTitle ?? ''));
  }
}

/**
 * One seat by first come, first served, in ONE database round trip (decision 094): the stored function
 * course_centre_grab decides the gate, the round and its window, the course, a full course and, under the
 * student's lock, the seat rules, and takes the seat. The checks run in the same order as loadCentre,
 * requireGrabRound, requireSelectable and seatRuleViolation, so the answers are theirs.
 */
async function grabOne(ctx: AppContext, studentId: number, courseId: number): Promise<void> {
  const answer = await grabSeat(ctx.db, { studentId, courseId, now: ctx.now(), sessionNames: SESSION_NAMES, fcMax: COURSE_LIMITS.FC_EXTRA_MAX });
  const refusal = grabRefusal(answer);
  if (refusal) throw refusal;
}

function requireGrabRound(ctx: AppContext, c: Centre): RoundRow {
  const round = requireRound(c);
  if (round.mode !== 'grab') throw AppError.message(COURSE_CENTRE_MSG.NOT_GRAB_ROUND);
  requireWindow(ctx, round, false);
  return round;
}

export async function grab(ctx: AppContext, auth: AuthState, courseId: number): Promise<GrabResult> {
  await grabOne(ctx, auth.accountId, courseId);
  return { course_id: courseId, ok: true, msg: COURSE_CENTRE_MSG.GRAB_OK };
}

/**
 * Submits the cart: needs CW_MIN Cornerstone Workshops among held and cart courses (when the round offers
 * workshops), then grabs each course in the cart's order, each in its own short transaction (decision 041).
 */
export async function submitCart(ctx: AppContext, auth: AuthState): Promise<{ results: GrabResult[] }> {
  const c = await loadCentre(ctx, auth);
  const round = requireGrabRound(ctx, c);
  const lists = await findStudentLists(ctx.db, c.studentId);
  if (lists.cart.length === 0) throw AppError.message(COURSE_CENTRE_MSG.CART_EMPTY);
  const rows = await findCourses(ctx.db, [...lists.cart.map((i) => i.courseId), ...lists.enrolled.map((e) => e.courseId)]);
  if (round.categories.includes('cw') && cornerstoneShortfall(rows.map((r) => r.category)) > 0) throw AppError.message(COURSE_CENTRE_MSG.CW_MIN);
  const results: GrabResult[] = [];
  for (const item of lists.cart) {
    try {
      await grabOne(ctx, c.studentId, item.courseId);
      results.push({ course_id: item.courseId, ok: true, msg: COURSE_CENTRE_MSG.GRAB_OK });
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== STATUS.MESSAGE) throw e;
      results.push({ course_id: item.courseId, ok: false, msg: e.msg });
    }
  }
  await markCartSubmitted(ctx.db, c.studentId, ctx.now());
  return { results };
}

export async function dropCourse(ctx: AppContext, auth: AuthState, courseId: number): Promise<Timetable> {
  const c = await loadCentre(ctx, auth);
  requireWindow(ctx, requireRound(c), false);
  const course = await findCourse(ctx.db, courseId);
  if (!course) throw AppError.message(COURSE_CENTRE_MSG.NOT_ENROLLED);
  const candidate = toHeld(course);
  await dropSeat(ctx.db, {
    studentId: c.studentId,
    courseId,
    actorId: c.studentId,
    now: ctx.now(),
    canTake: (held) => seatRuleViolation(candidate, held) === null,
    notice: (title) => ({ title: COURSE_CENTRE_MSG.PROMOTED_TITLE, body: `你已从候补名单补选《${title}》，请在课表中查看上课时间。` }),
  });
  return timetableOf(ctx, c);
}

export async function joinCourseWaitlist(ctx: AppContext, auth: AuthState, courseId: number): Promise<Timetable> {
  const c = await loadCentre(ctx, auth, courseId);
  const round = requireRound(c);
  requireWindow(ctx, round, false);
  const course = requireSelectable(c, c.course, round);
  const held = c.held ?? (await findHeld(ctx.db, c.studentId));
  const rule = seatRuleViolation(toHeld(course), held);
  if (rule) throw AppError.message(rule);
  if (course.taken < course.capacity) throw AppError.message(COURSE_CENTRE_MSG.NOT_FULL_NO_WAITLIST);
  if (!(await joinWaitlist(ctx.db, c.studentId, courseId, ctx.now()))) throw AppError.message(COURSE_CENTRE_MSG.ALREADY_WAITLISTED);
  return timetableOf(ctx, c);
}

export async function leaveCourseWaitlist(ctx: AppContext, auth: AuthState, courseId: number): Promise<Timetable> {
  const c = await loadCentre(ctx, auth);
  if (!(await leaveWaitlist(ctx.db, c.studentId, courseId))) throw AppError.message(COURSE_CENTRE_MSG.NOT_WAITLISTED);
  return timetableOf(ctx, c);
}

async function timetableOf(ctx: AppContext, c: Centre): Promise<Timetable> {
  const [lists, held, positions, notices] = await Promise.all([findStudentLists(ctx.db, c.studentId), findHeld(ctx.db, c.studentId), findWaitlistPositions(ctx.db, c.studentId), listNotices(ctx.db, c.studentId)]);
  const rows = await findCourses(ctx.db, [...lists.enrolled.map((e) => e.courseId), ...lists.waitlist.map((w) => w.courseId)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    courses: lists.enrolled.flatMap((e) => {
      const row = byId.get(e.courseId);
      return row ? [{ ...courseOut(row, lists, held), source: e.source }] : [];
    }),
    waitlist: lists.waitlist.map((w) => ({ course_id: w.courseId, title: byId.get(w.courseId)?.title ?? '', position: positions.get(w.courseId) ?? 0 })),
    notices: notices.map((n) => ({ id: n.id, title: n.title, body: noticePlainText(n.body, n.format), created_at: n.createdAt.toISOString(), read_at: n.readAt?.toISOString() ?? null })),
    venue: { id: c.venue.id, place_name: c.venue.placeName, name: c.venue.name },
    session_key: c.sessionKey,
  };
}

export async function getTimetable(ctx: AppContext, auth: AuthState): Promise<Timetable> {
  return timetableOf(ctx, await loadCentre(ctx, auth));
}

// ---------------------------------------------------------------------------------------------------------------
// Admin: rounds and allocation

export async function listSelectionRounds(ctx: AppContext): Promise<SelectionRound[]> {
  return (await listRounds(ctx.db)).map(roundOut);
}

async function checkRoundBody(ctx: AppContext, body: RoundBody) {
  if (Date.parse(body.closes_at) <= Date.parse(body.opens_at)) throw AppError.param('closes_at', COURSE_CENTRE_MSG.ROUND_TIMES);
  if (body.venue_id !== null && !(await venueExists(ctx.db, body.venue_id))) throw AppError.param('venue_id', '会场不存在');
  return {
    name: body.name.trim(),
    sessionKey: body.session_key,
    venueId: body.venue_id,
    categories: [...new Set(body.categories)],
    mode: body.mode,
    ...(body.seat_target === undefined ? {} : { seatTarget: body.seat_target }),
    opensAt: new Date(body.opens_at),
    closesAt: new Date(body.closes_at),
  };
}

export async function createSelectionRound(ctx: AppContext, auth: AuthState, body: RoundBody): Promise<SelectionRound> {
  return roundOut(await insertRoundAudited(ctx.db, { seatTarget: SEAT_TARGET_DEFAULT, ...(await checkRoundBody(ctx, body)), status: 'draft' }, auth.accountId, ctx.now()));
}

export async function updateSelectionRound(ctx: AppContext, auth: AuthState, id: number, body: RoundBody): Promise<SelectionRound> {
  const values = await checkRoundBody(ctx, body);
  return roundOut(await updateRoundAudited(ctx.db, id, values, 'selection_round.update', auth.accountId, ctx.now(), (before) => (before.status === 'allocated' ? COURSE_CENTRE_MSG.ROUND_ALREADY_ALLOCATED : null)));
}

export async function setSelectionRoundStatus(ctx: AppContext, auth: AuthState, id: number, status: 'open' | 'closed' | 'draft'): Promise<SelectionRound> {
  return roundOut(
    await updateRoundAudited(ctx.db, id, { status }, `selection_round.${status}`, auth.accountId, ctx.now(), (before) => (before.status === 'allocated' ? COURSE_CENTRE_MSG.ROUND_STATUS_MOVE : null)),
  );
}

async function runOut(ctx: AppContext, run: { id: number; roundId: number; seed: string; createdAt: Date; committedAt: Date | null; result: unknown }): Promise<AllocationRun> {
  const result = run.result as AllocationResult;
  const [names, courses] = await Promise.all([namesOf(ctx.db, [...new Set(result.assignments.map((a) => a.studentId))]), findCourses(ctx.db, [...new Set(result.assignments.map((a) => a.courseId))])]);
  const titles = new Map(courses.map((c) => [c.id, c.title]));
  return {
    id: run.id,
    round_id: run.roundId,
    seed: run.seed,
    created_at: run.createdAt.toISOString(),
    committed_at: run.committedAt?.toISOString() ?? null,
    fairness: result.fairness,
    assignments: result.assignments.map((a) => ({ student_id: a.studentId, student_name: names.get(a.studentId) ?? '', course_id: a.courseId, course_title: titles.get(a.courseId) ?? '', rank: a.rank })),
    waitlist: result.waitlist.map((w) => ({ student_id: w.studentId, course_id: w.courseId, rank: w.rank })),
  };
}

async function requirePreferenceRound(ctx: AppContext, id: number): Promise<RoundRow> {
  const round = await findRound(ctx.db, id);
  if (!round) throw AppError.notFound(COURSE_CENTRE_MSG.ROUND_NOT_FOUND);
  if (round.mode !== 'preference') throw AppError.message(COURSE_CENTRE_MSG.ROUND_NOT_PREFERENCE);
  if (round.status === 'allocated') throw AppError.message(COURSE_CENTRE_MSG.ROUND_ALREADY_ALLOCATED);
  return round;
}

/** Computes an allocation on today's figures and stores it; nothing is assigned until commit. */
export async function dryRunAllocation(ctx: AppContext, auth: AuthState, id: number, seed?: string): Promise<AllocationRun> {
  const round = await requirePreferenceRound(ctx, id);
  const usedSeed = seed?.trim() || randomBytes(8).toString('hex');
  const [wishes, roundCourses] = await Promise.all([findWishLists(ctx.db, round), findRoundCourses(ctx.db, round)]);
  const studentIds = [...new Set(wishes.map((w) => w.studentId))];
  const held = await findHeldOfMany(ctx.db, studentIds);
  const result = allocateByPreference({
    seed: usedSeed,
    target: round.seatTarget,
    courses: roundCourses.map((c) => ({ ...toHeld(c), seatsLeft: c.capacity - c.taken })),
    students: studentIds.map((sid) => ({ studentId: sid, wishes: wishes.filter((w) => w.studentId === sid).map((w) => w.courseId), held: held.get(sid) ?? [] })),
  });
  const run = await insertRun(ctx.db, round.id, usedSeed, result, auth.accountId, ctx.now());
  return runOut(ctx, run);
}

export async function listAllocationRuns(ctx: AppContext, id: number): Promise<AllocationRun[]> {
  const round = await findRound(ctx.db, id);
  if (!round) throw AppError.notFound(COURSE_CENTRE_MSG.ROUND_NOT_FOUND);
  return Promise.all((await listRuns(ctx.db, id)).map((r) => runOut(ctx, r)));
}

/** Commits a dry run after the wish window has closed (or the admin closed the round). */
export async function commitAllocation(ctx: AppContext, auth: AuthState, id: number, runId: number): Promise<SelectionRound> {
  const round = await requirePreferenceRound(ctx, id);
  if (round.status === 'open' && ctx.now() < round.closesAt) throw AppError.message(COURSE_CENTRE_MSG.ROUND_NOT_CLOSED_FOR_ALLOCATION);
  const run = await findRun(ctx.db, runId);
  if (!run || run.roundId !== round.id || run.committedAt) throw AppError.message(COURSE_CENTRE_MSG.RUN_NOT_FOUND);
  const result = run.result as AllocationResult;
  await commitRun(ctx.db, { round, runId, seed: run.seed, assignments: result.assignments, waitlist: result.waitlist, actorId: auth.accountId, now: ctx.now() });
  return roundOut((await findRound(ctx.db, id))!);
}

export async function getRoundWaitlists(ctx: AppContext, id: number) {
  const round = await findRound(ctx.db, id);
  if (!round) throw AppError.notFound(COURSE_CENTRE_MSG.ROUND_NOT_FOUND);
  const rows = await listWaitlists(ctx.db, round);
  const out = new Map<number, { course_id: number; course_title: string; entries: Array<{ student_id: number; student_name: string; created_at: string; promoted_at: string | null }> }>();
  for (const r of rows) {
    const group = out.get(r.courseId) ?? { course_id: r.courseId, course_title: r.courseTitle, entries: [] };
    group.entries.push({ student_id: r.studentId, student_name: r.studentName ?? '', created_at: r.createdAt.toISOString(), promoted_at: r.promotedAt?.toISOString() ?? null });
    out.set(r.courseId, group);
  }
  return [...out.values()];
}
