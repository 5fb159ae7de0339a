/**
 * The student's classes: class pages, office hours and feedback (decision 054), and
 * recommendation letters (decision 055). Every student call checks the enrolment; every teacher call goes through
 * loadAccessibleCourse (teaching/access.ts: the teacher, an attached TF, staff or an admin).
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@summit/domain/errors';
import {
  CLASSES_LIMITS,
  CLASSES_MSG,
  type ClassCourse,
  type ClassCourseDetail,
  type ClassCoursePhase,
  type ClassOverview,
  type FeedbackRequest,
  type FeedbackSummary,
  type LetterCreateRequest,
  type LetterStudentView,
  type LetterTeacherView,
  type LetterVerification,
  type LetterWriteRequest,
  type OfficeHourCreateRequest,
  type OfficeHourSlot,
  type TeacherSlot,
} from '@summit/domain/api/classes';
import type { AppContext, AuthState } from '../../http/context.ts';
import type { MailProvider } from '../../providers/mail/mail-provider.ts';
import { sanitizeRichText } from '../../lib/content-sanitiser.ts';
import { insertMailOutbox } from '../email/email.queries.ts';
import { getStoredProgrammeFacts } from '../settings/programme.service.ts';
import { loadAccessibleCourse } from '../teaching/access.ts';
import * as repo from './classes.repo.ts';
import { renderRecommendationLetterPdf } from './recommendation-letter-pdf.ts';

const HOUR = 3_600_000;
const iso = (d: Date) => d.toISOString();
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface ClassesDeps {
  ctx: AppContext;
  mail: MailProvider;
}

function phaseOf(meetings: repo.MeetingRow[], now: Date): ClassCoursePhase {
  if (meetings.length === 0) return 'upcoming';
  const t = now.getTime();
  if (meetings[0]!.startsAt.getTime() > t) return 'upcoming';
  return meetings.every((m) => m.endsAt.getTime() <= t) ? 'finished' : 'ongoing';
}

function toClassCourse(c: repo.CourseRow, meetings: repo.MeetingRow[], now: Date, feedbackGiven: boolean, hasLetter: boolean): ClassCourse {
  const phase = phaseOf(meetings, now);
  return {
    id: c.id,
    code: c.code,
    title: c.title,
    category: c.category,
    session_key: c.sessionKey,
    period: c.period,
    teacher_name: c.teacherName,
    description: c.description,
    syllabus: c.syllabus,
    meetings: meetings.map((m) => ({ starts_at: iso(m.startsAt), ends_at: iso(m.endsAt), location: m.location })),
    phase,
    feedback_given: feedbackGiven,
    can_feedback: phase === 'finished' && !feedbackGiven,
    can_request_letter: phase === 'finished' && c.teacherId !== null && !hasLetter,
  };
}

function toStudentLetter(r: Awaited<ReturnType<typeof repo.lettersOfStudent>>[number]): LetterStudentView {
  // Never the body: the student sees only who, for which course, to whom, and the status (decision 055).
  return {
    id: r.letter.id,
    course_id: r.letter.courseId,
    course_title: r.courseTitle,
    teacher_name: r.teacherName ?? '',
    recipients: r.letter.recipients,
    status: r.letter.status,
    created_at: iso(r.letter.createdAt),
    submitted_at: r.letter.submittedAt ? iso(r.letter.submittedAt) : null,
  };
}

// Student: class pages ----------------------------------------------------------------------------------------

export async function getOverview(ctx: AppContext, auth: AuthState): Promise<ClassOverview> {
  const [courses, feedback, letters] = await Promise.all([repo.enrolledCourses(ctx.db, auth.accountId), repo.feedbackCourseIds(ctx.db, auth.accountId), repo.lettersOfStudent(ctx.db, auth.accountId)]);
  const meetings = await repo.meetingsOf(
    ctx.db,
    courses.map((c) => c.id),
  );
  const now = ctx.now();
  const lettered = new Set(letters.map((l) => l.letter.courseId));
  return {
    courses: courses.map((c) => toClassCourse(c, meetings.get(c.id) ?? [], now, feedback.has(c.id), lettered.has(c.id))),
    letters: letters.map(toStudentLetter),
  };
}

/** The course a student holds a seat in; any other id (or a period it does not run in) is 课程不存在. */
async function enrolledCourse(ctx: AppContext, auth: AuthState, courseId: number, period?: number): Promise<repo.CourseRow> {
  const course = await repo.findCourse(ctx.db, courseId);
  if (!course || (period !== undefined && course.period !== period) || !(await repo.isEnrolled(ctx.db, auth.accountId, courseId))) throw AppError.notFound(CLASSES_MSG.COURSE_NOT_FOUND);
  return course;
}

async function slotsForStudent(ctx: AppContext, auth: AuthState, courseId: number): Promise<OfficeHourSlot[]> {
  const now = ctx.now();
  const [slots, mine] = await Promise.all([repo.openSlots(ctx.db, courseId, now), repo.activeBookingsOf(ctx.db, auth.accountId)]);
  const booked = new Set(mine.map((b) => b.slotId));
  return slots.map((s) => ({
    id: s.id,
    course_id: s.courseId,
    starts_at: iso(s.startsAt),
    ends_at: iso(s.endsAt),
    location: s.location,
    capacity: s.capacity,
    booked: s.booked,
    note: s.note,
    booked_by_me: booked.has(s.id),
    can_cancel: booked.has(s.id) && s.startsAt.getTime() - now.getTime() > CLASSES_LIMITS.cancelBeforeHours * HOUR,
  }));
}

export async function getCourseDetail(ctx: AppContext, auth: AuthState, courseId: number, period?: number): Promise<ClassCourseDetail> {
  const course = await enrolledCourse(ctx, auth, courseId, period);
  return detailOf(ctx, auth, course);
}

async function detailOf(ctx: AppContext, auth: AuthState, course: repo.CourseRow): Promise<ClassCourseDetail> {
  const [meetings, feedback, letters, slots] = await Promise.all([
    repo.meetingsOf(ctx.db, [course.id]),
    repo.feedbackCourseIds(ctx.db, auth.accountId),
    repo.lettersOfStudent(ctx.db, auth.accountId),
    slotsForStudent(ctx, auth, course.id),
  ]);
  const letter = letters.find((l) => l.letter.courseId === course.id);
  return { ...toClassCourse(course, meetings.get(course.id) ?? [], ctx.now(), feedback.has(course.id), letter !== undefined), office_hours: slots, letter: letter ? toStudentLetter(letter) : null };
}

/** /student/small-class/{name}: the student's own class whose code is `name` (case-insensitive). */
export async function getSmallClass(ctx: AppContext, auth: AuthState, name: string): Promise<ClassCourseDetail> {
  const wanted = name.trim().toLowerCase();
  const course = (await repo.enrolledCourses(ctx.db, auth.accountId)).find((c) => c.code.toLowerCase() === wanted);
  if (!course) throw AppError.notFound(CLASSES_MSG.COURSE_NOT_FOUND);
  return detailOf(ctx, auth, course);
}

// Student: office hours ---------------------------------------------------------------------------------------

export async function bookOfficeHour(ctx: AppContext, auth: AuthState, slotId: number): Promise<ClassCourseDetail> {
  const slot = await repo.findSlot(ctx.db, slotId);
  // A slot of a course the student does not take is reported exactly like one that does not exist.
  if (!slot || !(await repo.isEnrolled(ctx.db, auth.accountId, slot.courseId))) throw AppError.notFound(CLASSES_MSG.SLOT_NOT_FOUND);
  const outcome = await repo.bookSlot(ctx.db, slotId, auth.accountId, ctx.now());
  if (outcome === 'missing') throw AppError.notFound(CLASSES_MSG.SLOT_NOT_FOUND);
  if (outcome === 'full') throw AppError.message(CLASSES_MSG.SLOT_FULL);
  if (outcome === 'started') throw AppError.message(CLASSES_MSG.SLOT_STARTED);
  if (outcome === 'one-per-course') throw AppError.message(CLASSES_MSG.ONE_PER_COURSE);
  return getCourseDetail(ctx, auth, slot.courseId);
}

export async function cancelOfficeHour(ctx: AppContext, auth: AuthState, slotId: number): Promise<ClassCourseDetail> {
  const slot = await repo.findSlot(ctx.db, slotId);
  const mine = await repo.activeBookingsOf(ctx.db, auth.accountId);
  if (!slot || !mine.some((b) => b.slotId === slotId)) throw AppError.notFound(CLASSES_MSG.NOT_BOOKED);
  if (slot.startsAt.getTime() - ctx.now().getTime() <= CLASSES_LIMITS.cancelBeforeHours * HOUR) throw AppError.message(CLASSES_MSG.CANCEL_TOO_LATE);
  if (!(await repo.cancelBooking(ctx.db, slotId, auth.accountId, ctx.now()))) throw AppError.notFound(CLASSES_MSG.NOT_BOOKED);
  return getCourseDetail(ctx, auth, slot.courseId);
}

// Student: feedback -------------------------------------------------------------------------------------------

export async function leaveFeedback(ctx: AppContext, auth: AuthState, input: FeedbackRequest): Promise<ClassCourseDetail> {
  const course = await enrolledCourse(ctx, auth, input.course_id);
  const meetings = (await repo.meetingsOf(ctx.db, [course.id])).get(course.id) ?? [];
  if (phaseOf(meetings, ctx.now()) !== 'finished') throw AppError.message(CLASSES_MSG.FEEDBACK_NOT_YET);
  const inserted = await repo.insertFeedback(ctx.db, {
    courseId: course.id,
    studentId: auth.accountId,
    ratingContent: input.rating_content,
    ratingTeaching: input.rating_teaching,
    ratingWorkload: input.rating_workload,
    comment: input.comment.trim(),
    createdAt: ctx.now(),
  });
  if (!inserted) throw AppError.message(CLASSES_MSG.FEEDBACK_DONE);
  return detailOf(ctx, auth, course);
}

// Student: letters --------------------------------------------------------------------------------------------

export async function listStudentLetters(ctx: AppContext, auth: AuthState): Promise<LetterStudentView[]> {
  return (await repo.lettersOfStudent(ctx.db, auth.accountId)).map(toStudentLetter);
}

export async function requestLetter(ctx: AppContext, auth: AuthState, input: LetterCreateRequest): Promise<LetterStudentView[]> {
  const course = await repo.findCourse(ctx.db, input.course_id);
  const enrolled = course ? await repo.isEnrolled(ctx.db, auth.accountId, course.id) : false;
  const meetings = course ? ((await repo.meetingsOf(ctx.db, [course.id])).get(course.id) ?? []) : [];
  if (!course || !enrolled || phaseOf(meetings, ctx.now()) !== 'finished') throw AppError.message(CLASSES_MSG.LETTER_NOT_COMPLETED);
  if (course.teacherId === null) throw AppError.message(CLASSES_MSG.LETTER_NO_TEACHER);
  const recipients = input.recipients.map((r) => ({ name: r.name.trim(), email: r.email.trim().toLowerCase() }));
  const inserted = await repo.insertLetter(ctx.db, { studentId: auth.accountId, courseId: course.id, teacherId: course.teacherId, recipients, note: input.note.trim(), createdAt: ctx.now(), updatedAt: ctx.now() });
  if (!inserted) throw AppError.message(CLASSES_MSG.LETTER_EXISTS);
  return listStudentLetters(ctx, auth);
}

// Teacher: office hours and feedback --------------------------------------------------------------------------

function toTeacherSlot(s: repo.SlotRow, students: TeacherSlot['students']): TeacherSlot {
  return { id: s.id, course_id: s.courseId, starts_at: iso(s.startsAt), ends_at: iso(s.endsAt), location: s.location, capacity: s.capacity, booked: s.booked, note: s.note, students };
}

export async function listTeacherSlots(ctx: AppContext, auth: AuthState, courseId: number): Promise<TeacherSlot[]> {
  await loadAccessibleCourse(ctx.db, auth, courseId);
  return (await repo.teacherSlots(ctx.db, courseId, ctx.now())).map((r) => toTeacherSlot(r.slot, r.students));
}

export async function createSlot(ctx: AppContext, auth: AuthState, input: OfficeHourCreateRequest): Promise<TeacherSlot[]> {
  await loadAccessibleCourse(ctx.db, auth, input.course_id);
  const starts = new Date(input.starts_at);
  const ends = new Date(input.ends_at);
  if (starts.getTime() <= ctx.now().getTime()) throw AppError.param('starts_at', CLASSES_MSG.SLOT_IN_PAST);
  if (ends.getTime() <= starts.getTime()) throw AppError.param('ends_at', CLASSES_MSG.SLOT_ORDER);
  if (ends.getTime() - starts.getTime() > CLASSES_LIMITS.slotMaxMinutes * 60_000) throw AppError.param('ends_at', CLASSES_MSG.SLOT_TOO_LONG);
  await repo.insertSlot(ctx.db, { courseId: input.course_id, createdBy: auth.accountId, startsAt: starts, endsAt: ends, location: input.location.trim(), note: input.note.trim(), capacity: input.capacity, createdAt: ctx.now() });
  return listTeacherSlots(ctx, auth, input.course_id);
}

export async function deleteSlot(ctx: AppContext, auth: AuthState, slotId: number): Promise<TeacherSlot[]> {
  const slot = await repo.findSlot(ctx.db, slotId);
  if (!slot) throw AppError.forbidden();
  const course = await loadAccessibleCourse(ctx.db, auth, slot.courseId);
  await repo.deleteSlot(ctx.db, slot, auth.accountId, ctx.now(), (s) => ({
    title: CLASSES_MSG.SLOT_DELETED_NOTICE,
    body: `《${course.title}》${beijing(s.startsAt)} 的答疑时段已被教师取消，你的预约已自动取消。`,
  }));
  return listTeacherSlots(ctx, auth, slot.courseId);
}

function beijing(d: Date): string {
  const b = new Date(d.getTime() + 8 * HOUR);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${b.getUTCMonth() + 1}月${b.getUTCDate()}日 ${pad(b.getUTCHours())}:${pad(b.getUTCMinutes())}`;
}

export async function getFeedbackSummary(ctx: AppContext, auth: AuthState, courseId: number): Promise<FeedbackSummary> {
  await loadAccessibleCourse(ctx.db, auth, courseId);
  const [agg, enrolled] = await Promise.all([repo.feedbackAggregate(ctx.db, courseId), repo.enrolledCount(ctx.db, courseId)]);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    course_id: courseId,
    enrolled,
    responses: agg.n,
    averages: agg.n >= CLASSES_LIMITS.feedbackMinForAverages ? { content: round(agg.content), teaching: round(agg.teaching), workload: round(agg.workload) } : null,
  };
}

// Teacher: letters --------------------------------------------------------------------------------------------

function toTeacherLetter(r: NonNullable<Awaited<ReturnType<typeof repo.findLetter>>>, unsent: number): LetterTeacherView {
  return {
    id: r.letter.id,
    course_id: r.letter.courseId,
    course_title: r.courseTitle,
    student_name: r.studentName ?? '',
    recipients: r.letter.recipients,
    note: r.letter.note,
    status: r.letter.status,
    body_html: r.letter.bodyHtml,
    created_at: iso(r.letter.createdAt),
    submitted_at: r.letter.submittedAt ? iso(r.letter.submittedAt) : null,
    verify_code: r.letter.verifyCode,
    unsent_recipients: unsent,
  };
}

/** The letters asked of this teacher (an admin sees every letter). */
export async function listTeacherLetters(ctx: AppContext, auth: AuthState): Promise<LetterTeacherView[]> {
  const rows = await repo.lettersOfTeacher(ctx.db, auth.isAdmin ? null : auth.accountId);
  const unsent = await repo.unsentCounts(
    ctx.db,
    rows.map((r) => r.letter.id),
  );
  return rows.map((r) => toTeacherLetter(r, unsent.get(r.letter.id) ?? 0));
}

async function ownLetter(ctx: AppContext, auth: AuthState, id: number) {
  const row = await repo.findLetter(ctx.db, id);
  // Only the teacher it was asked of writes it; an admin may read it. Unknown and foreign ids answer alike.
  if (!row || (row.letter.teacherId !== auth.accountId && !auth.isAdmin)) throw AppError.forbidden();
  return row;
}

export async function getTeacherLetter(ctx: AppContext, auth: AuthState, id: number): Promise<LetterTeacherView> {
  const row = await ownLetter(ctx, auth, id);
  return toTeacherLetter(row, (await repo.unsentCounts(ctx.db, [id])).get(id) ?? 0);
}

const plainText = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ').trim();

export async function writeLetter(deps: ClassesDeps, auth: AuthState, id: number, input: LetterWriteRequest, origin: string): Promise<{ letter: LetterTeacherView; msg: string }> {
  const { ctx } = deps;
  const row = await ownLetter(ctx, auth, id);
  if (row.letter.teacherId !== auth.accountId) throw AppError.forbidden();
  if (row.letter.status === 'submitted') throw AppError.message(CLASSES_MSG.LETTER_LOCKED);
  const body = sanitizeRichText(input.body_html);
  const now = ctx.now();
  if (!input.submit) {
    if (!(await repo.saveLetterDraft(ctx.db, id, body, now, auth.accountId))) throw AppError.message(CLASSES_MSG.LETTER_LOCKED);
    return { letter: await getTeacherLetter(ctx, auth, id), msg: CLASSES_MSG.LETTER_SAVED };
  }
  if (plainText(body) === '') throw AppError.param('body_html', CLASSES_MSG.LETTER_EMPTY);
  const tokens = row.letter.recipients.map(() => randomBytes(32).toString('base64url'));
  const expiresAt = new Date(now.getTime() + CLASSES_LIMITS.letterLinkDays * 24 * HOUR);
  const verifyCode = randomBytes(15).toString('base64url');
  const links = await repo.submitLetter(ctx.db, {
    id,
    actorId: auth.accountId,
    bodyHtml: body,
    verifyCode,
    now,
    links: row.letter.recipients.map((r, i) => ({ recipientName: r.name, recipientEmail: r.email, tokenHash: sha256(tokens[i]!), expiresAt })),
  });
  if (!links) throw AppError.message(CLASSES_MSG.LETTER_LOCKED);
  const byHash = new Map(tokens.map((t) => [sha256(t), t]));
  const sent = await sendLinks(deps, { ...row, letter: { ...row.letter, verifyCode } }, links, byHash, origin);
  return { letter: await getTeacherLetter(ctx, auth, id), msg: sent ? CLASSES_MSG.LETTER_SUBMITTED : CLASSES_MSG.LETTER_SEND_FAILED };
}

/** Sends again the e-mails that failed: each such recipient gets a new token (the old one was never delivered). */
export async function resendLetter(deps: ClassesDeps, auth: AuthState, id: number, origin: string): Promise<{ letter: LetterTeacherView; msg: string }> {
  const { ctx } = deps;
  const row = await ownLetter(ctx, auth, id);
  if (row.letter.teacherId !== auth.accountId) throw AppError.forbidden();
  if (row.letter.status !== 'submitted') throw AppError.message(CLASSES_MSG.LETTER_NOT_SUBMITTED);
  const pending = await repo.unsentLinks(ctx.db, id);
  if (pending.length === 0) throw AppError.message(CLASSES_MSG.LETTER_NOTHING_TO_RESEND);
  const expiresAt = new Date(ctx.now().getTime() + CLASSES_LIMITS.letterLinkDays * 24 * HOUR);
  const tokens = new Map<string, string>();
  const rotations = pending.map((link) => {
    const token = randomBytes(32).toString('base64url');
    tokens.set(sha256(token), token);
    return { linkId: link.id, tokenHash: sha256(token) };
  });
  const links = await repo.rotateLinkTokensAudited(ctx.db, { letterId: id, rotations, expiresAt, actorId: auth.accountId, now: ctx.now() });
  const sent = await sendLinks(deps, row, links, tokens, origin);
  return { letter: await getTeacherLetter(ctx, auth, id), msg: sent ? CLASSES_MSG.LETTER_RESENT : CLASSES_MSG.LETTER_SEND_FAILED };
}

/** E-mails each recipient their own link (only the outbox provider keeps the body; others store it masked). */
async function sendLinks(deps: ClassesDeps, row: NonNullable<Awaited<ReturnType<typeof repo.findLetter>>>, links: repo.LinkRow[], tokenOf: Map<string, string>, origin: string): Promise<boolean> {
  const { ctx, mail } = deps;
  const base = origin.replace(/\/+$/, '');
  const teacher = await repo.teacherNameOf(ctx.db, row.letter.teacherId);
  let allSent = true;
  for (const link of links) {
    const token = tokenOf.get(link.tokenHash);
    if (!token) continue;
    const url = `${base}/api/recommend-letter/file/${token}`;
    const subject = `${row.studentName ?? ''}同学的推荐信（${teacher}）`;
    const text = [
      `${link.recipientName}，您好：`,
      '',
      `${teacher}老师为${row.studentName ?? ''}同学（课程《${row.courseTitle}》）撰写的推荐信已提交。请通过以下链接查看 PDF：`,
      url,
      '',
      `链接仅供您本人使用，${CLASSES_LIMITS.letterLinkDays}天内有效。推荐信真伪可在以下页面核验：`,
      `${base}/recommend-letter/verify/${row.letter.verifyCode ?? ''}`,
    ].join('\n');
    const now = ctx.now();
    try {
      const result = await mail.send({ to: link.recipientEmail, subject, text });
      await insertMailOutbox(ctx.db, { toAddress: link.recipientEmail, subject, text: result.keepsBody ? text : text.replace(token, '****'), provider: result.provider, status: 'sent', providerMessageId: result.providerMessageId, createdAt: now });
      await repo.markLinkSent(ctx.db, link.id, now);
    } catch (err) {
      allSent = false;
      await insertMailOutbox(ctx.db, { toAddress: link.recipientEmail, subject, text: '', provider: mail.name, status: 'failed', error: (err as Error).message.slice(0, 500), createdAt: now });
    }
  }
  return allSent;
}

// Public: the recipient's PDF and the verification ------------------------------------------------------------

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function letterPdfByToken(ctx: AppContext, token: string, origin: string): Promise<Uint8Array> {
  if (!TOKEN_PATTERN.test(token)) throw AppError.notFound(CLASSES_MSG.LETTER_LINK_INVALID);
  const link = await repo.findLinkByHash(ctx.db, sha256(token));
  const now = ctx.now();
  if (!link || link.expiresAt.getTime() <= now.getTime()) throw AppError.notFound(CLASSES_MSG.LETTER_LINK_INVALID);
  const row = await repo.findLetter(ctx.db, link.letterId);
  if (!row || row.letter.status !== 'submitted' || !row.letter.verifyCode || !row.letter.submittedAt) throw AppError.notFound(CLASSES_MSG.LETTER_LINK_INVALID);
  const [facts, teacherName] = await Promise.all([getStoredProgrammeFacts(ctx), repo.teacherNameOf(ctx.db, row.letter.teacherId)]);
  await repo.markLinkOpened(ctx.db, link.id, now);
  return renderRecommendationLetterPdf({
    programme: facts.name,
    recipientName: link.recipientName,
    studentName: row.studentName ?? '',
    teacherName,
    courseTitle: row.courseTitle,
    bodyHtml: row.letter.bodyHtml,
    submittedAt: iso(row.letter.submittedAt),
    verifyUrl: `${origin.replace(/\/+$/, '')}/recommend-letter/verify/${row.letter.verifyCode}`,
    verifyCode: row.letter.verifyCode,
  });
}

export async function verifyLetter(ctx: AppContext, code: string): Promise<LetterVerification> {
  const row = /^[A-Za-z0-9_-]{20}$/.test(code) ? await repo.findLetterByVerifyCode(ctx.db, code) : undefined;
  if (!row || !row.letter.submittedAt) throw AppError.notFound(CLASSES_MSG.LETTER_NOT_FOUND);
  return { genuine: true, student_name: row.studentName ?? '', teacher_name: await repo.teacherNameOf(ctx.db, row.letter.teacherId), course_title: row.courseTitle, submitted_at: iso(row.letter.submittedAt) };
}
