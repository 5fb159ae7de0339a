/**
 * The school portal (decision 059). Every call starts from the school the token's account is
 * bound to; a student of another school answers exactly like an unknown id (404 学生不存在).
 */
import type { Readable } from 'node:stream';
import {
  APPLY_GRADES,
  AppError,
  SCHOOL_MSG,
  SCHOOL_TIMELINE_LABELS,
  SCHOOL_PAGE_SIZE_DEFAULT,
  maskPhone,
  schoolDecisionOf,
  signupStatus,
  type SchoolHistoryYear,
  type SchoolRecommendation,
  type SchoolRecommendResult,
  type SchoolStudentDetail,
  type SchoolStudentFilter,
  type SchoolStudentHistory,
  type SchoolStudentItem,
  type SchoolStudentList,
  type SchoolStudentListQuery,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { getStoredProgrammeFacts } from '../settings/programme.service.ts';
import { isPublished, listPublications, publishAtFor, type PublicationRow } from '../placement/placement.queries.ts';
import {
  findRecommendations,
  findSchoolOfAccount,
  findSchoolStudent,
  iterateSchoolStudents,
  listSchoolStudents,
  writeRecommendation,
  type RecommendationRow,
  type SchoolStudentRow,
  type StudentFilter,
} from './school.repo.ts';
import { beijingDayTag } from '../../exports/sheet-stream.ts';
import { writeSchoolStudentSheet } from './school-sheet.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function requireSchool(ctx: AppContext, auth: AuthState) {
  const school = await findSchoolOfAccount(ctx.db, auth.accountId);
  if (!school) throw AppError.message(SCHOOL_MSG.NOT_BOUND);
  return school;
}

async function programmeYear(ctx: AppContext): Promise<number> {
  return (await getStoredProgrammeFacts(ctx)).year;
}

function filterOf(q: SchoolStudentFilter): StudentFilter {
  return { q: q.q, signupStatus: q.signup_status, batch: q.batch, decision: q.decision, tuition: q.tuition, appliedOnly: q.applied === 'true' };
}

const gradeLabel = (grade: string | null) => (grade ? (APPLY_GRADES.find((g) => g.value === grade)?.label ?? grade) : null);

/** What the school may see of one row: released decisions only, venue and house once their results are public. */
export function schoolItemOf(r: SchoolStudentRow, publications: readonly PublicationRow[], now: Date): SchoolStudentItem & { house: string | null; offerReleasedAt: Date | null; email: string | null } {
  const decision = schoolDecisionOf(r.decision ? { decision: r.decision, releasedAt: r.releasedAt } : null);
  const venueVisible = r.venueId !== null && r.tuitionPaidAt !== null && isPublished(publishAtFor(publications, 'venue', r.venueId), now);
  const houseVisible = venueVisible && isPublished(publishAtFor(publications, 'house', r.venueId), now);
  const status = signupStatus({
    apply_v5: {
      step1_submitted: r.step1SubmittedAt !== null,
      step1_submitted_at: iso(r.step1SubmittedAt) ?? '',
      step2_submitted: r.step2SubmittedAt !== null,
      step2_submitted_at: iso(r.step2SubmittedAt) ?? '',
    },
    is_apply_paid: r.applyPaidAt !== null,
  });
  return {
    user_id: r.accountId,
    name: r.name || r.legalName || '',
    phone: maskPhone(r.phone),
    grade: gradeLabel(r.grade),
    signup_status: status,
    step: r.step2SubmittedAt ? 2 : r.step1SubmittedAt ? 1 : 0,
    batch: r.batch,
    apply_paid: r.applyPaidAt !== null,
    decision,
    session: decision === 'offer' ? r.decisionPlace : null,
    track: decision === 'offer' ? r.decisionTrack : null,
    tuition_paid: r.tuitionPaidAt !== null,
    venue: venueVisible ? r.venueName : null,
    step1_submitted_at: iso(r.step1SubmittedAt),
    step2_submitted_at: iso(r.step2SubmittedAt),
    recommended: Boolean(r.recommended),
    registered_at: r.activatedAt.toISOString(),
    house: houseVisible ? r.houseName : null,
    offerReleasedAt: decision === 'none' ? null : r.releasedAt,
    email: r.email,
  };
}

function listItem(full: ReturnType<typeof schoolItemOf>): SchoolStudentItem {
  const { house: _house, offerReleasedAt: _released, email: _email, ...item } = full;
  return item;
}

function recommendationOut(r: RecommendationRow): SchoolRecommendation {
  return {
    programme_year: r.programmeYear,
    comment: r.comment,
    recommended_by_name: r.recommendedByName,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function listStudents(ctx: AppContext, auth: AuthState, q: SchoolStudentListQuery): Promise<SchoolStudentList> {
  const school = await requireSchool(ctx, auth);
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? SCHOOL_PAGE_SIZE_DEFAULT;
  const [year, publications] = await Promise.all([programmeYear(ctx), listPublications(ctx.db)]);
  const { rows, total } = await listSchoolStudents(ctx.db, school.schoolId, year, filterOf(q), (page - 1) * pageSize, pageSize);
  const now = ctx.now();
  return {
    page,
    page_size: pageSize,
    total,
    school_name: school.schoolName,
    programme_year: year,
    items: rows.map((r) => listItem(schoolItemOf(r, publications, now))),
  };
}

async function loadStudent(ctx: AppContext, auth: AuthState, userId: number) {
  const school = await requireSchool(ctx, auth);
  const [year, publications] = await Promise.all([programmeYear(ctx), listPublications(ctx.db)]);
  const row = await findSchoolStudent(ctx.db, school.schoolId, year, userId);
  if (!row) throw AppError.notFound(SCHOOL_MSG.STUDENT_NOT_FOUND);
  return { school, year, item: schoolItemOf(row, publications, ctx.now()), row };
}

export async function getStudent(ctx: AppContext, auth: AuthState, userId: number): Promise<SchoolStudentDetail> {
  const { year, item } = await loadStudent(ctx, auth, userId);
  const recommendation = (await findRecommendations(ctx.db, userId)).find((r) => r.programmeYear === year);
  const { house, offerReleasedAt, email, ...rest } = item;
  return { ...rest, email, house, offer_released_at: iso(offerReleasedAt), recommendation: recommendation ? recommendationOut(recommendation) : null };
}

/**
 * The student's journey by programme year. The data keeps one application per student, so today this is the
 * current year; recommendations of other years (kept per year) appear as their own entries.
 */
export async function getStudentHistory(ctx: AppContext, auth: AuthState, userId: number): Promise<SchoolStudentHistory> {
  const { year, item, row } = await loadStudent(ctx, auth, userId);
  const recommendations = await findRecommendations(ctx.db, userId);
  const current = recommendations.find((r) => r.programmeYear === year);
  const events: Array<{ label: string; at: Date | null }> = [
    { label: SCHOOL_TIMELINE_LABELS.activated, at: row.activatedAt },
    { label: SCHOOL_TIMELINE_LABELS.info_completed, at: row.infoCompletedAt },
    { label: SCHOOL_TIMELINE_LABELS.step1_submitted, at: row.step1SubmittedAt },
    { label: SCHOOL_TIMELINE_LABELS.apply_paid, at: row.applyPaidAt },
    { label: SCHOOL_TIMELINE_LABELS.step2_submitted, at: row.step2SubmittedAt },
    { label: SCHOOL_TIMELINE_LABELS.offer_released, at: item.offerReleasedAt },
    { label: SCHOOL_TIMELINE_LABELS.tuition_paid, at: row.tuitionPaidAt },
  ];
  const years: SchoolHistoryYear[] = [
    {
      programme_year: year,
      signup_status: item.signup_status,
      batch: item.batch,
      decision: item.decision,
      session: item.session,
      track: item.track,
      tuition_paid: item.tuition_paid,
      venue: item.venue,
      recommendation: current ? recommendationOut(current) : null,
      events: events.filter((e): e is { label: string; at: Date } => e.at !== null).map((e) => ({ label: e.label, at: e.at.toISOString() })),
    },
  ];
  for (const r of recommendations) {
    if (r.programmeYear === year) continue;
    years.push({
      programme_year: r.programmeYear,
      signup_status: 'activated',
      batch: null,
      decision: 'none',
      session: null,
      track: null,
      tuition_paid: false,
      venue: null,
      recommendation: recommendationOut(r),
      events: [],
    });
  }
  years.sort((a, b) => b.programme_year - a.programme_year);
  return { user_id: userId, name: item.name, years };
}

/** Recommends (comment) or withdraws (null) this year's recommendation of one of the school's students. */
export async function recommendStudent(ctx: AppContext, auth: AuthState, userId: number, comment: string | null): Promise<SchoolRecommendResult> {
  const school = await requireSchool(ctx, auth);
  const year = await programmeYear(ctx);
  await writeRecommendation(ctx.db, {
    schoolId: school.schoolId,
    studentId: userId,
    year,
    actorId: auth.accountId,
    now: ctx.now(),
    comment,
    check: (student) => {
      if (!student) throw AppError.notFound(SCHOOL_MSG.STUDENT_NOT_FOUND);
      if (comment !== null && student.step1SubmittedAt === null) throw AppError.message(SCHOOL_MSG.RECOMMEND_NOT_APPLIED);
      // Admitted or not admitted (released): a recommendation can no longer count. Withdrawing stays allowed.
      const decided = schoolDecisionOf(student.decision ? { decision: student.decision, releasedAt: student.releasedAt } : null);
      if (comment !== null && (decided === 'offer' || decided === 'reject')) throw AppError.message(SCHOOL_MSG.RECOMMEND_DECIDED);
    },
  });
  const saved = (await findRecommendations(ctx.db, userId)).find((r) => r.programmeYear === year);
  return { user_id: userId, recommendation: saved ? recommendationOut(saved) : null };
}

/** For the admin's application detail: this programme year's recommendation, with the school's name. */
export async function schoolRecommendationForAdmin(ctx: AppContext, userId: number) {
  const year = await programmeYear(ctx);
  const r = (await findRecommendations(ctx.db, userId)).find((x) => x.programmeYear === year);
  return r ? { ...recommendationOut(r), school_name: r.schoolName } : null;
}

/** The export: the same filters as the list, every matching row, written to the stream batch by batch. */
/** The export's names: the school and the Beijing day, in Chinese and (for clients without filename*) in ASCII. */
export async function exportStudents(ctx: AppContext, auth: AuthState, q: SchoolStudentFilter): Promise<{ fileName: string; asciiName: string; stream: Readable }> {
  const school = await requireSchool(ctx, auth);
  const [year, publications] = await Promise.all([programmeYear(ctx), listPublications(ctx.db)]);
  const now = ctx.now();
  const batches = iterateSchoolStudents(ctx.db, school.schoolId, year, filterOf(q));
  async function* items() {
    for await (const rows of batches) yield rows.map((r) => listItem(schoolItemOf(r, publications, now)));
  }
  const day = beijingDayTag(now);
  return { fileName: `${school.schoolName}-学生名单-${day}.xlsx`, asciiName: `school-${school.schoolId}-students-${day}.xlsx`, stream: writeSchoolStudentSheet(items()) };
}
