/**
 * The teacher's area and attendance (decisions 050/051). Every teacher-side call passes through
 * access.ts for the course it touches; a student's check-in needs a genuine, fresh token, a seat in the course
 * and an open sign-in.
 */
import {
  AppError,
  CHECKIN_PERIOD_MS,
  TEACHER_TYPE,
  TEACHING_MSG,
  checkinPeriodOf,
  maskPhone,
  type AttendanceOverrideRequest,
  type CalendarMeeting,
  type CheckinResult,
  type CourseAssistant,
  type CslHouseRow,
  type MyAttendanceRow,
  type SignDetail,
  type SignOpenRequest,
  type SignQr,
  type SignSummary,
  type StudentCalendar,
  type TeacherCourseBriefList,
  type TeacherCourseDetail,
  type TeacherHouse,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { assertCourseAccess, isAllCourseType } from './access.ts';
import { checkinSecret, parseFeedKey, signCheckinToken, signFeedKey, verifyCheckinToken } from './checkin-token.ts';
import * as repo from './teaching.repo.ts';

const MIN = 60_000;

async function staffOf(ctx: AppContext, auth: AuthState) {
  const staff = await repo.findStaff(ctx.db, auth.accountId);
  if (!staff || staff.role !== 'teacher' || staff.disabled) throw AppError.forbidden();
  return staff;
}

// Courses ----------------------------------------------------------------------------------------------------

export async function listMyCourses(ctx: AppContext, auth: AuthState): Promise<TeacherCourseBriefList> {
  const staff = await staffOf(ctx, auth);
  const all = isAllCourseType(staff);
  const rows = await repo.listCoursesOf(ctx.db, auth.accountId, all);
  return {
    teacher_type: staff.teacherType ?? TEACHER_TYPE.TEACHER,
    courses: rows.map((c) => ({
      id: c.id,
      code: c.code,
      title: c.title,
      category: c.category,
      session_key: c.sessionKey,
      period: c.period,
      teacher_name: c.teacherName,
      taken: c.taken,
      capacity: c.capacity,
      access: all ? 'admin' : c.teacherId === auth.accountId ? 'teacher' : 'assistant',
    })),
  };
}

export async function getCourseDetail(ctx: AppContext, auth: AuthState, courseId: number, period: number): Promise<TeacherCourseDetail> {
  const access = await assertCourseAccess(ctx.db, auth, courseId);
  const course = await repo.getCourseRow(ctx.db, courseId);
  if (!course || course.period !== period) throw AppError.notFound(TEACHING_MSG.COURSE_NOT_FOUND);
  const now = ctx.now();
  const [assistants, meetings, roster, closed] = [
    await repo.listAssistants(ctx.db, courseId),
    await repo.listMeetings(ctx.db, courseId),
    await repo.listRoster(ctx.db, courseId, now),
    await repo.countClosedSigns(ctx.db, courseId, now),
  ];
  return {
    id: course.id,
    code: course.code,
    title: course.title,
    category: course.category,
    session_key: course.sessionKey,
    period: course.period,
    teacher_name: course.teacherName,
    description: course.description,
    syllabus: course.syllabus,
    access,
    assistants: assistants.map((a) => ({ id: a.id, name: a.name })),
    meetings: meetings.map((m) => ({ id: m.id, starts_at: m.startsAt.toISOString(), ends_at: m.endsAt.toISOString(), location: m.location, sign_id: m.signId })),
    roster: roster.map((r) => ({ ...r, phone: maskPhone(r.phone) })),
    signs_closed: closed,
  };
}

// Sign-ins ---------------------------------------------------------------------------------------------------

function summaryOf(row: repo.SignSummaryRow, now: Date): SignSummary {
  return {
    id: row.id,
    course_id: row.course_id,
    course_title: row.course_title,
    meeting_id: row.meeting_id,
    meeting_starts_at: row.meeting_starts_at.toISOString(),
    meeting_ends_at: row.meeting_ends_at.toISOString(),
    location: row.location,
    opens_at: row.opens_at.toISOString(),
    closes_at: row.closes_at.toISOString(),
    late_after: row.late_after.toISOString(),
    open: row.opens_at <= now && row.closes_at > now,
    enrolled: row.enrolled,
    checked_in: row.checked_in,
  };
}

export async function listSigns(ctx: AppContext, auth: AuthState, courseId?: number): Promise<SignSummary[]> {
  const staff = await staffOf(ctx, auth);
  if (courseId !== undefined) await assertCourseAccess(ctx.db, auth, courseId);
  const rows = await repo.listSigns(ctx.db, { accountId: isAllCourseType(staff) ? null : auth.accountId, ...(courseId !== undefined ? { courseId } : {}) });
  const now = ctx.now();
  return rows.map((r) => summaryOf(r, now));
}

/** The sign-in, once the caller is known to reach its course; an unknown id is 无权限访问！ like a foreign one. */
async function signFor(ctx: AppContext, auth: AuthState, signId: number) {
  const sign = await repo.getSign(ctx.db, signId);
  if (!sign) throw AppError.forbidden();
  await assertCourseAccess(ctx.db, auth, sign.courseId);
  return sign;
}

export async function openSign(ctx: AppContext, auth: AuthState, input: SignOpenRequest): Promise<SignSummary> {
  const meeting = await repo.getMeeting(ctx.db, input.meeting_id);
  if (!meeting) throw AppError.forbidden();
  await assertCourseAccess(ctx.db, auth, meeting.courseId);
  const now = ctx.now();
  const closesAt = input.duration_minutes !== undefined ? new Date(now.getTime() + input.duration_minutes * MIN) : new Date(Math.max(meeting.endsAt.getTime(), now.getTime() + 15 * MIN));
  const lateAfter = new Date(meeting.startsAt.getTime() + input.late_minutes * MIN);
  const sign = await repo.upsertSign(ctx.db, { meetingId: meeting.id, courseId: meeting.courseId, openedBy: auth.accountId, opensAt: now, closesAt, lateAfter });
  const [row] = await repo.listSigns(ctx.db, { accountId: null, signId: sign.id });
  return summaryOf(row!, now);
}

export async function closeSign(ctx: AppContext, auth: AuthState, signId: number): Promise<SignSummary> {
  await signFor(ctx, auth, signId);
  const now = ctx.now();
  await repo.closeSign(ctx.db, signId, now, auth.accountId);
  const [row] = await repo.listSigns(ctx.db, { accountId: null, signId });
  return summaryOf(row!, now);
}

export async function getSignDetail(ctx: AppContext, auth: AuthState, signId: number): Promise<SignDetail> {
  const sign = await signFor(ctx, auth, signId);
  const now = ctx.now();
  const [summary] = await repo.listSigns(ctx.db, { accountId: null, signId });
  const rows = await repo.listSignRows(ctx.db, sign);
  const changes = await repo.listSignChanges(ctx.db, signId);
  const course = await repo.getCourseRow(ctx.db, sign.courseId);
  return {
    ...summaryOf(summary!, now),
    course_period: course?.period ?? 1,
    rows: rows.map((r) => ({ student_id: r.studentId, name: r.name, phone: maskPhone(r.phone), status: r.status ?? null, source: r.source ?? null, checked_at: r.checkedAt ? r.checkedAt.toISOString() : null })),
    changes: changes.map((c) => ({ student_id: c.studentId, student_name: c.studentName, actor_name: c.actorName ?? '', before: c.before, after: c.after, note: c.note, at: c.at.toISOString() })),
    server_now: now.toISOString(),
  };
}

export async function getSignQr(ctx: AppContext, auth: AuthState, signId: number): Promise<SignQr> {
  const sign = await signFor(ctx, auth, signId);
  const now = ctx.now();
  if (!(sign.opensAt <= now && sign.closesAt > now)) throw AppError.message(TEACHING_MSG.SIGN_NOT_OPEN);
  const period = checkinPeriodOf(now.getTime());
  const token = signCheckinToken(await checkinSecret(ctx), sign.id, period);
  const [summary] = await repo.listSigns(ctx.db, { accountId: null, signId });
  const course = await repo.getCourseRow(ctx.db, sign.courseId);
  return {
    course_id: sign.courseId,
    course_title: course?.title ?? '',
    course_period: course?.period ?? 1,
    url: `/student/checkin?t=${encodeURIComponent(token)}`,
    token,
    period_ms: CHECKIN_PERIOD_MS,
    refresh_at: new Date((period + 1) * CHECKIN_PERIOD_MS).toISOString(),
    closes_at: sign.closesAt.toISOString(),
    checked_in: summary!.checked_in,
    enrolled: summary!.enrolled,
  };
}

export async function overrideAttendance(ctx: AppContext, auth: AuthState, signId: number, studentId: number, input: AttendanceOverrideRequest): Promise<SignDetail> {
  const sign = await signFor(ctx, auth, signId);
  if (!(await repo.isEnrolled(ctx.db, sign.courseId, studentId))) throw AppError.message(TEACHING_MSG.STUDENT_NOT_IN_COURSE);
  await repo.overrideAttendance(ctx.db, { signId, studentId, actorId: auth.accountId, status: input.status, note: input.note.trim(), now: ctx.now() });
  return getSignDetail(ctx, auth, signId);
}

// Course assistants (admin) ----------------------------------------------------------------------------------

export async function listAssistants(ctx: AppContext, courseId: number): Promise<CourseAssistant[]> {
  if (!(await repo.getCourseRow(ctx.db, courseId))) throw AppError.notFound(TEACHING_MSG.COURSE_NOT_FOUND);
  return (await repo.listAssistants(ctx.db, courseId)).map((a) => ({ id: a.id, name: a.name, phone: maskPhone(a.phone) }));
}

export async function addAssistant(ctx: AppContext, auth: AuthState, courseId: number, accountId: number): Promise<CourseAssistant[]> {
  if (!(await repo.getCourseRow(ctx.db, courseId))) throw AppError.notFound(TEACHING_MSG.COURSE_NOT_FOUND);
  const [target] = await repo.teacherAccountsByIds(ctx.db, [accountId]);
  if (!target || target.role !== 'teacher' || target.teacherType !== TEACHER_TYPE.TF) throw AppError.param('account_id', TEACHING_MSG.ASSISTANT_NOT_TF);
  await repo.setAssistantAudited(ctx.db, { courseId, accountId, actorId: auth.accountId, add: true, now: ctx.now() });
  return listAssistants(ctx, courseId);
}

export async function removeAssistant(ctx: AppContext, auth: AuthState, courseId: number, accountId: number): Promise<CourseAssistant[]> {
  await repo.setAssistantAudited(ctx.db, { courseId, accountId, actorId: auth.accountId, add: false, now: ctx.now() });
  return listAssistants(ctx, courseId);
}

// Houses (CSL) ------------------------------------------------------------------------------------------------

/**
 * A house's students for the teacher area (decision 050): a CSL sees the house they look after (asking for another
 * is 无权限访问！), staff and admins pick any house; every other teacher type gets 无权限访问！.
 */
export async function houseStudents(ctx: AppContext, auth: AuthState, houseId: number | undefined): Promise<TeacherHouse> {
  const staff = await staffOf(ctx, auth);
  let house: repo.HouseRow | null = null;
  let houses: repo.HouseRow[] = [];
  if (isAllCourseType(staff)) {
    houses = await repo.listHouses(ctx.db);
    house = houseId === undefined ? null : houses.find((h) => h.id === houseId) ?? null;
    if (houseId !== undefined && !house) throw AppError.notFound(TEACHING_MSG.HOUSE_NOT_FOUND);
  } else if (staff.teacherType === TEACHER_TYPE.CSL) {
    const own = await repo.cslHouseOf(ctx.db, auth.accountId);
    if (houseId !== undefined && houseId !== own) throw AppError.forbidden();
    house = own === null ? null : await repo.getHouse(ctx.db, own);
  } else {
    throw AppError.forbidden();
  }
  const students = house ? await repo.listHouseStudents(ctx.db, house.id, ctx.now()) : [];
  return { house, houses, students: students.map((s) => ({ ...s, phone: maskPhone(s.phone) })) };
}

export async function listCslHouses(ctx: AppContext): Promise<CslHouseRow[]> {
  const rows = await repo.listCslAccounts(ctx.db);
  return rows.map((r) => ({
    account_id: r.id,
    name: r.name,
    phone: maskPhone(r.phone),
    house: r.houseId === null ? null : { id: r.houseId, code: r.houseCode ?? '', name: r.houseName ?? '' },
  }));
}

/** An admin sets (or clears) the house a CSL looks after; audited with before and after. */
export async function setCslHouse(ctx: AppContext, auth: AuthState, accountId: number, houseId: number | null): Promise<CslHouseRow[]> {
  const [target] = await repo.teacherAccountsByIds(ctx.db, [accountId]);
  if (!target || target.role !== 'teacher' || target.teacherType !== TEACHER_TYPE.CSL) throw AppError.param('account_id', TEACHING_MSG.CSL_ONLY);
  if (houseId !== null && !(await repo.getHouse(ctx.db, houseId))) throw AppError.param('house_id', TEACHING_MSG.HOUSE_NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    const before = await repo.cslHouseOf(tx, accountId);
    await repo.setCslHouse(tx, accountId, houseId);
    await repo.auditCslHouse(tx, { actorId: auth.accountId, accountId, before, after: houseId, now: ctx.now() });
  });
  return listCslHouses(ctx);
}

// The student's side -----------------------------------------------------------------------------------------

export async function checkin(ctx: AppContext, auth: AuthState, token: string): Promise<CheckinResult> {
  const now = ctx.now();
  const verdict = verifyCheckinToken(await checkinSecret(ctx), token, now.getTime());
  if (!verdict.ok) throw AppError.message(verdict.reason === 'expired' ? TEACHING_MSG.TOKEN_EXPIRED : TEACHING_MSG.TOKEN_INVALID);
  const outcome = await repo.recordCheckin(ctx.db, verdict.signId, auth.accountId, now);
  if (outcome.kind === 'not_enrolled') throw AppError.message(TEACHING_MSG.NOT_ENROLLED);
  // After the teacher's 结束签到 (or the set end) the student is told it is over and whom to ask (decision 089).
  if (outcome.kind === 'closed') throw AppError.message(outcome.ended ? TEACHING_MSG.SIGN_ENDED : TEACHING_MSG.SIGN_NOT_OPEN);
  return {
    status: outcome.status,
    already: outcome.kind === 'already',
    course_title: outcome.courseTitle,
    meeting_starts_at: outcome.meetingStartsAt.toISOString(),
    checked_at: outcome.checkedAt.toISOString(),
  };
}

export function checkinMessage(result: CheckinResult): string {
  if (result.already) return TEACHING_MSG.ALREADY;
  return result.status === 'late' ? TEACHING_MSG.CHECKED_IN_LATE : TEACHING_MSG.CHECKED_IN;
}

/** My attendance in one course (the student's course page): only the caller's own rows, empty when not enrolled. */
export async function myCourseAttendance(ctx: AppContext, auth: AuthState, courseId: number): Promise<MyAttendanceRow[]> {
  return (await myAttendance(ctx, auth)).filter((r) => r.course_id === courseId);
}

export async function myAttendance(ctx: AppContext, auth: AuthState): Promise<MyAttendanceRow[]> {
  const now = ctx.now();
  const rows = await repo.listMyAttendance(ctx.db, auth.accountId);
  return rows.map((r) => {
    const open = r.opensAt <= now && r.closesAt > now;
    return {
      sign_id: r.signId,
      course_id: r.courseId,
      course_title: r.courseTitle,
      meeting_starts_at: r.meetingStartsAt.toISOString(),
      open,
      status: r.status ?? (r.closesAt <= now ? 'absent' : null),
    };
  });
}

function feedPath(key: string): string {
  return `/api/calendar/${key}.ics`;
}

export async function studentCalendar(ctx: AppContext, auth: AuthState): Promise<StudentCalendar> {
  const meetings = await repo.listStudentMeetings(ctx.db, auth.accountId);
  const version = await repo.feedVersionOf(ctx.db, auth.accountId);
  return {
    meetings: meetings.map((m): CalendarMeeting => ({ meeting_id: m.meetingId, course_id: m.courseId, course_title: m.courseTitle, period: m.period, starts_at: m.startsAt.toISOString(), ends_at: m.endsAt.toISOString(), location: m.location })),
    feed_url: feedPath(signFeedKey(await checkinSecret(ctx), auth.accountId, version)),
  };
}

export async function resetCalendarFeed(ctx: AppContext, auth: AuthState): Promise<StudentCalendar> {
  await repo.bumpFeedVersion(ctx.db, auth.accountId, ctx.now());
  return studentCalendar(ctx, auth);
}

function icsText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

function icsTime(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The public .ics feed behind an unguessable, revocable key; a wrong or revoked key is 订阅链接无效或已失效. */
export async function calendarFeed(ctx: AppContext, fileName: string): Promise<string> {
  const key = fileName.replace(/\.ics$/, '');
  const parsed = parseFeedKey(await checkinSecret(ctx), key);
  if (!parsed || !(await repo.studentAccountExists(ctx.db, parsed.studentId)) || (await repo.feedVersionOf(ctx.db, parsed.studentId)) !== parsed.version) {
    throw AppError.notFound(TEACHING_MSG.FEED_INVALID);
  }
  const meetings = await repo.listStudentMeetings(ctx.db, parsed.studentId);
  const stamp = icsTime(ctx.now());
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Summit//Calendar//ZH', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-CALNAME:Summit 课程表', 'X-WR-TIMEZONE:Asia/Shanghai'];
  for (const m of meetings) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:summit-meeting-${m.meetingId}@summit`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsTime(m.startsAt)}`,
      `DTEND:${icsTime(m.endsAt)}`,
      `SUMMARY:${icsText(m.courseTitle)}`,
      ...(m.location ? [`LOCATION:${icsText(m.location)}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}
