/**
 * Venue and house results (decision 040): the rules around the repo's reads and writes. The gates
 * are the domain's (course-gates.ts); this file computes their state from the database.
 */
import {
  BUILTIN_PROGRAMMES,
  AppError,
  PLACEMENT_MSG,
  SESSION_NAMES,
  STATUS,
  beijingGate,
  courseSelectionGate,
  houseGate,
  newSortingSeed,
  planVenueAssignment,
  sessionKeyOfName,
  sortIntoHouses,
  type AdminPlacementOverview,
  type AdminPlacementStudents,
  type GateAnswer,
  type HouseBrief,
  type HouseCount,
  type HouseRules,
  type HouseLatecomersResult,
  type HouseSortResult,
  type MyHouse,
  type RosterDetail,
  type RosterList,
  type SessionKey,
  type SortingCeremony,
  type SuccessCardStatus,
  type TwelveHouses,
  type VenueBrief,
  type VenueMoveResult,
  type VenueRuleResult,
} from '@summit/domain';
import { SESSION_KEYS } from '@summit/domain/programme-terms';
import type { Db } from '../../db/client.ts';
import type { AppContext, AuthState } from '../../http/context.ts';
import { readSettings, writeSettingsAudited } from '../settings/settings.queries.ts';
import { regionCatalog } from '../region/region-catalog.ts';
import { findReleasedDecision, paidFenOfCode } from '../programmes/programmes.queries.ts';
import {
  applyVenuePlanAudited,
  assignedPerVenue,
  countUnassignedPaid,
  findStudentPlacement,
  findVenue,
  findVenueByPlace,
  houseCounts,
  houseMemberNames,
  isPublished,
  latestRuns,
  listHouses,
  listPaidStudents,
  listPublications,
  listVenues,
  markSeen,
  moveStudentAudited,
  placeVenueLatecomersAudited,
  publishAtFor,
  replaceHouseRunAudited,
  setPublicationAudited,
  venueStudentCounts,
  venueStudentsForSorting,
  type HouseRow,
  type VenueRow,
} from './placement.repo.ts';
import { findLiveSelectionRound } from '../course-centre/course-centre.queries.ts';

export const HOUSE_RULES_KEY = 'house.rules';
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const houseBrief = (h: HouseRow): HouseBrief => ({ code: h.code, name: h.name, english_name: h.englishName, colour: h.colour, motto: h.motto });
export const venueBrief = (v: VenueRow): VenueBrief => ({ place_name: v.placeName, name: v.name, city: v.city, is_beijing: v.isBeijing });
const isOnlineVenue = (v: VenueRow) => v.placeName === 'online';

function throwGate(answer: GateAnswer | null): void {
  if (!answer) return;
  if (answer.status === STATUS.MESSAGE) throw new AppError(STATUS.MESSAGE, answer.msg);
  throw AppError.gate(answer.status, answer.msg);
}

// Student ----------------------------------------------------------------------------------------------------

async function placementState(ctx: AppContext, studentId: number) {
  const [placement, publications] = await Promise.all([findStudentPlacement(ctx.db, studentId), listPublications(ctx.db)]);
  if (!placement) throw AppError.login();
  const now = ctx.now();
  const venueId = placement.venue?.id ?? null;
  const venueAt = publishAtFor(publications, 'venue', venueId);
  const houseAt = venueId === null ? null : publishAtFor(publications, 'house', venueId);
  const venuePublished = isPublished(venueAt, now);
  const housePublished = isPublished(houseAt, now);
  const base = { tuitionPaid: placement.tuitionPaidAt !== null, venueResultPublished: venuePublished, venueAssigned: placement.venue !== null };
  return { placement, now, venueAt, houseAt, venuePublished, housePublished, base };
}

/** GET /api/student/success-card-status. Never gates: it is what the card page shows in every state. */
export async function getSuccessCardStatus(ctx: AppContext, auth: AuthState): Promise<SuccessCardStatus> {
  const s = await placementState(ctx, auth.accountId);
  const { placement } = s;
  const sessionKey = sessionKeyOfName(placement.placeName, SESSION_NAMES);
  const visibleVenue = s.venuePublished && placement.tuitionPaidAt ? placement.venue : null;
  const round = sessionKey && s.base.tuitionPaid ? await findLiveSelectionRound(ctx.db, sessionKey, visibleVenue?.id ?? null, s.now) : null;
  const gate = courseSelectionGate({ ...s.base, round: round ? { opensAt: round.opensAt.toISOString(), closesAt: round.closesAt.toISOString() } : null, now: s.now.toISOString() });
  const house = visibleVenue && s.housePublished && placement.house ? placement.house : null;
  const [hxweek, hxweekPaidFen] = await Promise.all([findReleasedDecision(ctx.db, BUILTIN_PROGRAMMES.hxweek, auth.accountId), paidFenOfCode(ctx.db, BUILTIN_PROGRAMMES.hxweek, auth.accountId)]);
  const venueNew = visibleVenue !== null && !placement.seen?.venueSeenAt;
  const houseNew = house !== null && !placement.seen?.houseSeenAt;
  return {
    cards: { is_new: venueNew || houseNew },
    course_apply: { place_name: visibleVenue?.placeName ?? null, open_at: iso(round?.opensAt), close_at: iso(round?.closesAt) },
    place_apply: { open_at: s.base.tuitionPaid ? iso(s.venueAt) : null },
    allow_course_cart: gate === null,
    user: { house: house ? houseBrief(house) : null },
    tuition_paid: s.base.tuitionPaid,
    session: sessionKey ? { key: sessionKey, name: SESSION_NAMES[sessionKey] } : null,
    venue: visibleVenue ? venueBrief(visibleVenue) : null,
    house_open_at: visibleVenue ? iso(s.houseAt) : null,
    course_gate_msg: gate?.msg ?? null,
    hxweek_offer_letter: hxweek?.decision === 'admit' ? { offer_type: hxweek.offerType ?? '' } : null,
    hxweek_paid_status: hxweekPaidFen > 0 ? { fee: hxweekPaidFen } : null,
  };
}

/** POST /api/student/placement/seen: the card's "new" badge clears once the student has seen the result. */
export async function markPlacementSeen(ctx: AppContext, auth: AuthState, kind: 'venue' | 'house'): Promise<SuccessCardStatus> {
  const s = await placementState(ctx, auth.accountId);
  const visible = kind === 'venue' ? placeVisible(s) : houseVisible(s);
  if (visible) await markSeen(ctx.db, auth.accountId, kind, s.now);
  return getSuccessCardStatus(ctx, auth);
}

type State = Awaited<ReturnType<typeof placementState>>;
const placeVisible = (s: State) => s.base.tuitionPaid && s.venuePublished && s.base.venueAssigned;
const houseVisible = (s: State) => placeVisible(s) && s.housePublished && s.placement.house !== null;

async function countsOfVenue(ctx: AppContext, venueId: number, all?: HouseRow[]): Promise<HouseCount[]> {
  const [list, counts] = await Promise.all([all ? Promise.resolve(all) : listHouses(ctx.db), houseCounts(ctx.db, [venueId])]);
  const m = counts.get(venueId) ?? new Map<number, number>();
  return list.map((h) => ({ ...houseBrief(h), members: m.get(h.id) ?? 0 }));
}

/** GET /api/student/house: the house reveal's result; 尚未公布house信息！ before the venue's house result is out. */
export async function getMyHouse(ctx: AppContext, auth: AuthState): Promise<MyHouse> {
  const s = await placementState(ctx, auth.accountId);
  throwGate(houseGate({ ...s.base, houseResultPublished: s.housePublished, houseAssigned: s.placement.house !== null }));
  const venue = s.placement.venue!;
  const house = s.placement.house!;
  const counts = await countsOfVenue(ctx, venue.id);
  return {
    house: houseBrief(house),
    venue: venueBrief(venue),
    members: counts.find((c) => c.code === house.code)?.members ?? 0,
    first_seen: !s.placement.seen?.houseSeenAt,
  };
}

/** GET /api/student/sorting-ceremony: Beijing venue only (403-23), open once its houses are published (403-21). */
export async function getSortingCeremony(ctx: AppContext, auth: AuthState): Promise<SortingCeremony> {
  const s = await placementState(ctx, auth.accountId);
  throwGate(beijingGate({ ...s.base, isBeijing: s.placement.venue?.isBeijing ?? false, houseResultPublished: s.housePublished }));
  const venue = s.placement.venue!;
  return { venue: venueBrief(venue), houses: await countsOfVenue(ctx, venue.id), my_house: s.placement.house ? houseBrief(s.placement.house) : null };
}

// Public -----------------------------------------------------------------------------------------------------

async function rosterVenues(ctx: AppContext) {
  const [venueRows, houseRows, publications] = await Promise.all([listVenues(ctx.db), listHouses(ctx.db), listPublications(ctx.db)]);
  const now = ctx.now();
  const published = venueRows.filter((v) => isPublished(publishAtFor(publications, 'house', v.id), now) && isPublished(publishAtFor(publications, 'venue', v.id), now));
  const [counts, students] = await Promise.all([houseCounts(ctx.db, published.map((v) => v.id)), venueStudentCounts(ctx.db)]);
  const publishedIds = new Set(published.map((v) => v.id));
  const venueList = venueRows.map((v) => {
    const venuePublished = isPublished(publishAtFor(publications, 'venue', v.id), now);
    const housePublished = publishedIds.has(v.id);
    const m = counts.get(v.id) ?? new Map<number, number>();
    return {
      row: v,
      dto: {
        ...venueBrief(v),
        house_published: housePublished,
        students: venuePublished ? (students.get(v.id) ?? 0) : null,
        houses: housePublished ? houseRows.map((h) => ({ ...houseBrief(h), members: m.get(h.id) ?? 0 })) : [],
      },
    };
  });
  return { venueList, houseRows, counts };
}

/** GET /api/roster: every venue with its student and house counts once published; never a name. */
export async function getRosterList(ctx: AppContext): Promise<RosterList> {
  const { venueList } = await rosterVenues(ctx);
  return { venues: venueList.map((v) => v.dto) };
}

/**
 * GET /api/roster/{place}: counts for everyone; the names of a venue's students (minors) only for staff and for
 * students of that venue once its house result is published (decision 040).
 */
export async function getRosterDetail(ctx: AppContext, auth: AuthState | null, place: string): Promise<RosterDetail> {
  const { venueList, houseRows } = await rosterVenues(ctx);
  const entry = venueList.find((v) => v.row.placeName === place);
  if (!entry) throw AppError.notFound(PLACEMENT_MSG.VENUE_NOT_FOUND);
  let canSee = false;
  if (auth?.role === 'teacher') canSee = true;
  else if (auth?.role === 'student' && entry.dto.house_published) {
    const mine = await findStudentPlacement(ctx.db, auth.accountId);
    canSee = mine?.venue?.id === entry.row.id && mine.tuitionPaidAt !== null;
  }
  const names = canSee ? await houseMemberNames(ctx.db, entry.row.id) : [];
  const staffCounts = canSee && !entry.dto.house_published ? await countsOfVenue(ctx, entry.row.id, houseRows) : null;
  const houses = (staffCounts ?? entry.dto.houses).map((h) => {
    const row = houseRows.find((r) => r.code === h.code)!;
    return { ...h, names: names.filter((n) => n.houseId === row.id).map((n) => n.name) };
  });
  return { venue: entry.dto, can_see_names: canSee, houses };
}

/** GET /api/houses (/12house): the twelve houses and their members across the venues whose houses are out. */
export async function getTwelveHouses(ctx: AppContext): Promise<TwelveHouses> {
  const { venueList, houseRows, counts } = await rosterVenues(ctx);
  const total = new Map<number, number>();
  for (const m of counts.values()) for (const [houseId, n] of m) total.set(houseId, (total.get(houseId) ?? 0) + n);
  return {
    houses: houseRows.map((h) => ({ ...houseBrief(h), members: total.get(h.id) ?? 0 })),
    published_venues: venueList.filter((v) => v.dto.house_published).length,
  };
}

export async function getHouseRules(ctx: AppContext): Promise<HouseRules> {
  const [row] = await readSettings(ctx.db, [HOUSE_RULES_KEY]);
  return { text: typeof row?.value === 'string' ? row.value : '', updated_at: iso(row?.updatedAt) };
}

export async function saveHouseRules(ctx: AppContext, auth: AuthState, text: string): Promise<HouseRules> {
  await writeSettingsAudited(ctx.db, {
    values: [{ key: HOUSE_RULES_KEY, value: text }],
    actorId: auth.accountId,
    now: ctx.now(),
    audit: { action: 'settings.house_rules', entityId: HOUSE_RULES_KEY, before: (rows) => rows[0]?.value ?? null, after: text },
  });
  return getHouseRules(ctx);
}

// Admin ------------------------------------------------------------------------------------------------------

export async function getAdminOverview(ctx: AppContext): Promise<AdminPlacementOverview> {
  const [venueRows, houseRows, publications, students, runs, unassigned] = await Promise.all([
    listVenues(ctx.db),
    listHouses(ctx.db),
    listPublications(ctx.db),
    venueStudentCounts(ctx.db),
    latestRuns(ctx.db),
    countUnassignedPaid(ctx.db),
  ]);
  const counts = await houseCounts(ctx.db, venueRows.map((v) => v.id));
  const globalAt = (kind: 'venue' | 'house') => publications.find((p) => p.kind === kind && p.venueId === null)?.publishAt ?? null;
  return {
    now: ctx.now().toISOString(),
    venues: venueRows.map((v) => {
      const m = counts.get(v.id) ?? new Map<number, number>();
      const run = runs.get(v.id);
      return {
        id: v.id,
        place_name: v.placeName,
        name: v.name,
        city: v.city,
        is_beijing: v.isBeijing,
        capacity: v.capacity,
        session_keys: v.sessionKeys,
        assigned: students.get(v.id) ?? 0,
        housed: [...m.values()].reduce((a, b) => a + b, 0),
        venue_publish_at: iso(publishAtFor(publications, 'venue', v.id)),
        house_publish_at: iso(publishAtFor(publications, 'house', v.id)),
        last_run: run ? { id: run.id, seed: run.seed, students: run.studentCount, created_at: run.createdAt.toISOString() } : null,
        houses: houseRows.map((h) => ({ ...houseBrief(h), members: m.get(h.id) ?? 0 })),
      };
    }),
    venue_publish_at: iso(globalAt('venue')),
    house_publish_at: iso(globalAt('house')),
    unassigned_paid: SESSION_KEYS.map((key) => ({ session_key: key, count: unassigned.get(SESSION_NAMES[key]) ?? 0 })),
  };
}

export async function listAdminStudents(ctx: AppContext, q: { session_key?: SessionKey | undefined; venue_id?: number | undefined; q?: string | undefined }): Promise<AdminPlacementStudents> {
  const { rows, total } = await listPaidStudents(ctx.db, {
    ...(q.session_key ? { placeName: SESSION_NAMES[q.session_key] } : {}),
    // venue_id 0 lists the students without a venue.
    ...(q.venue_id !== undefined ? { venueId: q.venue_id === 0 ? null : q.venue_id } : {}),
    ...(q.q ? { q: q.q.trim() } : {}),
    limit: 200,
  });
  return {
    total,
    students: rows.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone.length >= 7 ? `${r.phone.slice(0, 3)}****${r.phone.slice(-4)}` : r.phone,
      session_name: r.placeName,
      school_name: r.schoolName,
      venue_id: r.venueId,
      method: r.method,
      house: r.houseName,
    })),
  };
}

function regionNamesOf(stateId: number | null, cityId: number | null): string[] {
  const catalog = regionCatalog();
  const names: string[] = [];
  for (const node of [stateId !== null ? catalog.stateById.get(stateId) : undefined, cityId !== null ? catalog.cityById.get(cityId) : undefined]) {
    if (node) names.push(node.name, ...node.aliases);
  }
  return names;
}

/**
 * POST /api/admin/placement/venue-rule: the bulk rule for one session's paid students (decision 040). A dry run
 * returns the counts the commit would write; the commit recomputes inside the transaction so the preview and
 * the result differ only if someone changed the data in between.
 */
export async function runVenueRule(ctx: AppContext, auth: AuthState, input: { session_key: SessionKey; overwrite: boolean; dry_run: boolean }): Promise<VenueRuleResult> {
  const placeName = SESSION_NAMES[input.session_key];
  const now = ctx.now();
  // Sequential reads on one handle: inside the commit's transaction every read must use it (PGlite has one connection).
  const compute = async (db: Db) => {
    const venueRows = await listVenues(db);
    const { rows } = await listPaidStudents(db, { placeName, ...(input.overwrite ? {} : { venueId: null }) });
    const assigned = input.overwrite ? new Map<number, number>() : await assignedPerVenue(db, placeName);
    const publications = await listPublications(db);
    const sessionVenues = venueRows.filter((v) => v.sessionKeys.includes(input.session_key));
    if (input.overwrite && sessionVenues.some((v) => isPublished(publishAtFor(publications, 'venue', v.id), now))) {
      throw new AppError(STATUS.MESSAGE, PLACEMENT_MSG.OVERWRITE_AFTER_PUBLISH);
    }
    const plan = planVenueAssignment(
      rows.map((r) => ({ id: r.id, regionNames: regionNamesOf(r.schoolStateId, r.schoolCityId) })),
      sessionVenues.map((v) => ({ id: v.id, city: v.city, online: isOnlineVenue(v), free: v.capacity - (assigned.get(v.id) ?? 0) })),
    );
    const result: VenueRuleResult = {
      dry_run: input.dry_run,
      students: rows.length,
      unassigned: plan.unassigned.length,
      counts: sessionVenues.map((v) => {
        const mine = plan.placements.filter((p) => p.venueId === v.id);
        return {
          venue_id: v.id,
          name: v.name,
          capacity: v.capacity,
          assigned: (assigned.get(v.id) ?? 0) + mine.length,
          local: mine.filter((p) => p.reason === 'local').length,
          online: mine.filter((p) => p.reason === 'online').length,
          overflow: mine.filter((p) => p.reason === 'overflow').length,
        };
      }),
    };
    return { plan, result, replace: input.overwrite ? rows.map((r) => r.id) : [] };
  };
  if (input.dry_run) return (await compute(ctx.db)).result;
  // Planned on the locked venues inside the transaction: the preview's numbers may be stale by now.
  let result: VenueRuleResult | undefined;
  await applyVenuePlanAudited(ctx.db, {
    actorId: auth.accountId,
    now,
    plan: async (tx) => {
      const computed = await compute(tx);
      result = computed.result;
      return {
        placements: computed.plan.placements,
        replace: computed.replace,
        summary: { session_key: input.session_key, overwrite: input.overwrite, counts: computed.result.counts, unassigned: computed.result.unassigned },
      };
    },
  });
  return result!;
}

/**
 * POST /api/admin/placement/move: one student to a venue by hand; audited, allowed after publication. When the new
 * venue was already sorted the student joins its smallest house in the same transaction (decision 045).
 */
export async function moveStudent(ctx: AppContext, auth: AuthState, input: { student_id: number; venue_id: number }): Promise<VenueMoveResult> {
  const venue = await findVenue(ctx.db, input.venue_id);
  if (!venue) throw AppError.param('venue_id', PLACEMENT_MSG.VENUE_NOT_FOUND);
  const student = await findStudentPlacement(ctx.db, input.student_id);
  if (!student) throw AppError.param('student_id', PLACEMENT_MSG.STUDENT_NOT_FOUND);
  if (!student.tuitionPaidAt) throw new AppError(STATUS.MESSAGE, PLACEMENT_MSG.NOT_PAID);
  const houseId = await moveStudentAudited(ctx.db, {
    studentId: input.student_id,
    venueId: input.venue_id,
    actorId: auth.accountId,
    now: ctx.now(),
    check: async (tx, before) => {
      if (before.venueId === input.venue_id) return;
      const assigned = await assignedPerVenue(tx, student.placeName ?? '');
      if ((assigned.get(input.venue_id) ?? 0) >= venue.capacity) throw new AppError(STATUS.MESSAGE, PLACEMENT_MSG.VENUE_FULL);
    },
  });
  const house = houseId === null ? undefined : (await listHouses(ctx.db)).find((h) => h.id === houseId);
  return { house: house ? houseBrief(house) : null };
}

/**
 * POST /api/admin/placement/house-latecomers: a sorted venue's students without a house (moved in before decision
 * 045, or whose house went with an earlier move) join its smallest houses; allowed after publication.
 */
export async function placeLatecomers(ctx: AppContext, auth: AuthState, input: { venue_id: number }): Promise<HouseLatecomersResult> {
  const venue = await findVenue(ctx.db, input.venue_id);
  if (!venue) throw AppError.param('venue_id', PLACEMENT_MSG.VENUE_NOT_FOUND);
  const placed = await placeVenueLatecomersAudited(ctx.db, {
    venueId: venue.id,
    actorId: auth.accountId,
    now: ctx.now(),
    check: async (tx) => {
      if (!(await latestRuns(tx)).has(venue.id)) throw new AppError(STATUS.MESSAGE, PLACEMENT_MSG.LATECOMERS_UNSORTED);
    },
  });
  return { placed: placed.length, houses: await countsOfVenue(ctx, venue.id) };
}

/** POST /api/admin/placement/house-sort: (re)sorts a venue; refused once that venue's house result is out. */
export async function runHouseSort(ctx: AppContext, auth: AuthState, input: { venue_id: number; seed?: string | undefined }): Promise<HouseSortResult> {
  const venue = await findVenue(ctx.db, input.venue_id);
  if (!venue) throw AppError.param('venue_id', PLACEMENT_MSG.VENUE_NOT_FOUND);
  const houseRows = await listHouses(ctx.db);
  if (houseRows.length === 0) throw new AppError(STATUS.MESSAGE, PLACEMENT_MSG.NO_HOUSES);
  const seed = input.seed ?? newSortingSeed();
  const now = ctx.now();
  let students = 0;
  const runId = await replaceHouseRunAudited(ctx.db, {
    venueId: venue.id,
    seed,
    actorId: auth.accountId,
    now,
    plan: async (tx) => {
      const publications = await listPublications(tx);
      if (isPublished(publishAtFor(publications, 'house', venue.id), now)) throw new AppError(STATUS.MESSAGE, PLACEMENT_MSG.SORT_AFTER_PUBLISH);
      const list = await venueStudentsForSorting(tx, venue.id);
      if (list.length === 0) throw new AppError(STATUS.MESSAGE, PLACEMENT_MSG.NO_STUDENTS);
      students = list.length;
      return sortIntoHouses(list, houseRows.map((h) => h.id), seed);
    },
  });
  return { run_id: runId, seed, students, houses: await countsOfVenue(ctx, venue.id, houseRows) };
}

/** PUT /api/admin/placement/publication: sets a publish time; a time already reached cannot be withdrawn. */
export async function setPublication(ctx: AppContext, auth: AuthState, input: { kind: 'venue' | 'house'; venue_id: number | null; publish_at: string | null }): Promise<AdminPlacementOverview> {
  if (input.venue_id !== null && !(await findVenue(ctx.db, input.venue_id))) throw AppError.param('venue_id', PLACEMENT_MSG.VENUE_NOT_FOUND);
  const now = ctx.now();
  await setPublicationAudited(ctx.db, {
    kind: input.kind,
    venueId: input.venue_id,
    publishAt: input.publish_at === null ? null : new Date(input.publish_at),
    actorId: auth.accountId,
    now,
    check: (current) => {
      // Students may already have seen a published result: it stays (moving the time later would hide it again).
      if (current && isPublished(current.publishAt, now)) throw new AppError(STATUS.MESSAGE, PLACEMENT_MSG.UNPUBLISH_AFTER_PUBLISH);
    },
  });
  return getAdminOverview(ctx);
}
