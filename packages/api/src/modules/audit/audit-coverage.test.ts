/**
 * Decision 067: every admin and teacher write is in the 操作日志.
 * (a) The inventory below names, for every POST/PUT/PATCH/DELETE the app registers under /api/admin/ and
 *     /api/teacher/, the audit action(s) its transaction writes, or why it changes nothing worth a row. A new write
 *     route fails the first test until it is added here, audited.
 * (b) The writes that gained their audit row in 067 are performed through the API and their row is read back:
 *     actor, object id, before and after, and nothing secret in them.
 * (c) audit_log refuses UPDATE, DELETE and TRUNCATE in the database itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { CLASSES_MSG, auditActionLabel, type Assignment, type LetterStudentView, type SignDetail, type SignSummary, type TeacherSlot } from '@summit/domain';
import { auditLog, studentProfiles } from '../../db/schema.ts';
import { recommendationLetterLinks } from '../../db/schema-classes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { payingStudent, type PayingStudent } from '../payments/payment-test-kit.ts';
import { courseWithMeetings, enrol, staffOfType, type Staff } from '../teaching/teaching-test-kit.ts';

type Coverage = { audit: readonly string[] } | { noChange: string };

/** Route → what its write records. Keep it sorted as the modules register them; the lead adds new modules' rows. */
export const WRITE_ROUTE_AUDIT: Readonly<Record<string, Coverage>> = {
  // auth, settings, admissions
  'POST /api/admin/accounts/:id/sessions/revoke': { audit: ['account.sessions.revoke'] },
  'POST /api/admin/staff/:id/mfa/reset': { audit: ['mfa.admin_reset'] },
  'PUT /api/admin/settings/security': { audit: ['settings.security.update'] },
  'PUT /api/admin/settings/fees': { audit: ['settings.fees.update'] },
  // refunds (decision 068)
  'PUT /api/admin/settings/refund-policy': { audit: ['settings.refund_policy.update'] },
  'POST /api/admin/students/:userId/refunds': { audit: ['refund.request'] },
  'POST /api/admin/refunds/:refundNo/approve': { audit: ['refund.approve'] },
  'POST /api/admin/refunds/:refundNo/reject': { audit: ['refund.reject'] },
  'POST /api/admin/reconciliation/runs': { audit: ['reconciliation.run'] },
  'PUT /api/admin/reconciliation/mismatches/:id/note': { audit: ['reconciliation.mismatch.note'] },
  'PUT /api/admin/settings/fee-plan': { audit: ['settings.fee_plan.update'] },
  'PUT /api/admin/students/:userId/due-date': { audit: ['payment.due_date.extend'] },
  'PUT /api/admin/settings/programme': { audit: ['settings.programme.update'] },
  'POST /api/admin/applications/release': { audit: ['admission.decision.release'] },
  'PUT /api/admin/applications/:userId/decision': { audit: ['admission.decision.save'] },
  'DELETE /api/admin/applications/:userId/decision': { audit: ['admission.decision.delete'] },
  'POST /api/admin/applications/:userId/decision/withdraw': { audit: ['admission.decision.withdraw'] },
  'PUT /api/admin/financial-aid/:userId': { audit: ['financial_aid.decide'] },
  'PUT /api/admin/settings/deadlines': { audit: ['settings.deadlines.update'] },
  // staff accounts (decision 063)
  'POST /api/admin/staff': { audit: ['staff.create'] },
  'PUT /api/admin/staff/:id': { audit: ['staff.update', 'staff.password_reset'] },
  // students, their personal data and hours (decisions 062, 064, 065)
  'PUT /api/admin/students/:userId': { audit: ['student.update'] },
  'POST /api/admin/students/tags': { audit: ['student.tags'] },
  'POST /api/admin/students/:userId/id-number/reveal': { audit: ['student.id_number.reveal'] },
  'POST /api/admin/students/:userId/erase': { audit: ['student.erase'] },
  'PUT /api/admin/students/:userId/time-sheets': { audit: ['time_sheet.add', 'time_sheet.edit', 'time_sheet.approve', 'time_sheet.reject'] },
  'POST /api/teacher/oss/credential': {
    noChange: 'an upload ticket for the caller’s own future file (a pending uploads row, no programme data); the file is audited where a write attaches it',
  },
  // site and content
  'PUT /api/admin/site/qr': { audit: ['site.qr.update'] },
  'PUT /api/admin/site/contact': { audit: ['site.contact.update'] },
  'PUT /api/admin/content/page/draft': { audit: ['content.draft.save'] },
  'POST /api/admin/content/page/publish': { audit: ['content.publish'] },
  'DELETE /api/admin/content/page/draft': { audit: ['content.draft.discard'] },
  // course centre
  'POST /api/admin/selection-rounds': { audit: ['selection_round.create'] },
  'PUT /api/admin/selection-rounds/:id': { audit: ['selection_round.update'] },
  'POST /api/admin/selection-rounds/:id/status': { audit: ['selection_round.open', 'selection_round.closed', 'selection_round.draft'] },
  'POST /api/admin/selection-rounds/:id/dry-run': { audit: ['allocation.dry_run'] },
  'POST /api/admin/selection-rounds/:id/commit': { audit: ['allocation.commit', 'enrolment.allocation'] },
  // placement (a venue-rule dry run computes and returns the plan without writing)
  'POST /api/admin/placement/venue-rule': { audit: ['placement.venue_rule'] },
  'POST /api/admin/placement/move': { audit: ['placement.venue_move'] },
  'POST /api/admin/placement/house-latecomers': { audit: ['placement.house_latecomer'] },
  'POST /api/admin/placement/house-sort': { audit: ['placement.house_sort'] },
  'PUT /api/admin/placement/publication': { audit: ['placement.publish'] },
  'PUT /api/admin/placement/house-rules': { audit: ['settings.house_rules'] },
  // venues, houses, courses
  'POST /api/admin/venues': { audit: ['venue.create'] },
  'PUT /api/admin/venues/:id': { audit: ['venue.update'] },
  'DELETE /api/admin/venues/:id': { audit: ['venue.delete'] },
  'PUT /api/admin/houses/:id': { audit: ['house.update'] },
  'POST /api/admin/courses': { audit: ['course.create'] },
  'PUT /api/admin/courses/:id': { audit: ['course.update'] },
  'DELETE /api/admin/courses/:id': { audit: ['course.delete'] },
  'POST /api/admin/courses/import': { audit: ['course.import.create', 'course.import.update'] },
  // course work and grades
  'POST /api/teacher/assignment': { audit: ['assignment.create'] },
  'PUT /api/teacher/assignment/:id': { audit: ['assignment.update'] },
  'DELETE /api/teacher/assignment/:id': { audit: ['assignment.delete'] },
  'PUT /api/teacher/submission/:id/grade': { audit: ['submission.grade'] },
  'PUT /api/teacher/writing/:id/review': { audit: ['essay.review'] },
  'PUT /api/teacher/grade/:course_id/components': { audit: ['grade.components'] },
  'PUT /api/teacher/grade/:course_id/publish': { audit: ['grade.publish'] },
  'PUT /api/teacher/grade/:course_id/student/:student_id': { audit: ['grade.update'] },
  'POST /api/teacher/notice': { audit: ['notice.send'] },
  // teaching: sign-ins, attendance, assistants, CSL houses
  'POST /api/teacher/sign': { audit: ['sign.open'] },
  'POST /api/teacher/sign/:id/close': { audit: ['sign.close'] },
  'PUT /api/teacher/sign/:id/students/:student_id': { audit: ['attendance.override'] },
  'POST /api/admin/courses/:id/assistants': { audit: ['course_assistant.add'] },
  'DELETE /api/admin/courses/:id/assistants/:account_id': { audit: ['course_assistant.remove'] },
  'PUT /api/admin/csl-house/:account_id': { audit: ['csl_house.set'] },
  // classes: office hours and recommendation letters
  'POST /api/teacher/hour': { audit: ['office_hour.create'] },
  'DELETE /api/teacher/hour/:id': { audit: ['delete'] },
  'PUT /api/teacher/recommend-letters/:id': { audit: ['recommendation_letter.draft', 'submit'] },
  'POST /api/teacher/recommend-letters/:id/resend': { audit: ['recommendation_letter.resend'] },
  // certificates, rosters, onboarding, checklist, health-form permission
  'PUT /api/admin/certificate-rule': { audit: ['certificate.rule.update'] },
  'POST /api/admin/certificates/issue': { audit: ['certificate.issue'] },
  'POST /api/admin/certificates/:id/revoke': { audit: ['certificate.revoke'] },
  'POST /api/admin/certificates/:id/reissue': { audit: ['certificate.reissue'] },
  'POST /api/admin/course-detail/:course_id/:period/students': { audit: ['enrolment.admin'] },
  'DELETE /api/admin/course-detail/:course_id/:period/students/:student_id': { audit: ['enrolment.drop', 'enrolment.waitlist'] },
  'POST /api/admin/onboarding/offerings': { audit: ['create'] },
  'PUT /api/admin/onboarding/offerings/:id': { audit: ['update'] },
  'PUT /api/admin/onboarding/limited-paid': { audit: ['update'] },
  'POST /api/admin/checklist/items': { audit: ['checklist.item.create'] },
  'PUT /api/admin/checklist/items/:id': { audit: ['checklist.item.update'] },
  'DELETE /api/admin/checklist/items/:id': { audit: ['checklist.item.delete'] },
  'POST /api/admin/checklist/waive': { audit: ['checklist.waive', 'checklist.unwaive'] },
  'POST /api/admin/checklist/message': { audit: ['checklist.message'] },
  'PUT /api/admin/staff-permissions/:account_id': { audit: ['staff.permission.health_read'] },
  // house cup and messages
  'POST /api/admin/house-cup': { audit: ['house_cup.give'] },
  'PUT /api/admin/house-cup/:id': { audit: ['house_cup.reverse'] },
  'POST /api/admin/messages': { audit: ['message.create'] },
  'PUT /api/admin/messages/:id': { audit: ['message.update'] },
  'DELETE /api/admin/messages/:id': { audit: ['message.delete'] },
  'POST /api/admin/messages/recipient-count': { noChange: 'a preview: counts the segment’s recipients and writes nothing' },
  'POST /api/admin/message-segments': { audit: ['message_segment.create'] },
  'DELETE /api/admin/message-segments/:id': { audit: ['message_segment.delete'] },
  // other programmes (decision 075)
  'POST /api/admin/programmes': { audit: ['programme.create'] },
  'PUT /api/admin/programmes/:code': { audit: ['programme.update'] },
  'PUT /api/admin/programmes/:code/applications/:id/decision': { audit: ['programme.decision.save'] },
  'DELETE /api/admin/programmes/:code/applications/:id/decision': { audit: ['programme.decision.delete'] },
  'POST /api/admin/programmes/:code/release': { audit: ['programme.decision.release'] },
  'POST /api/admin/programmes/:code/applications/:id/decision/withdraw': { audit: ['programme.decision.withdraw'] },
  'PUT /api/admin/programmes/:code/applications/:id/due-date': { audit: ['payment.due_date.extend'] },
  // Programme documents (decision 075).
  'PUT /api/admin/programmes/:code/applications/:id/visa': { audit: ['programme.visa.review'] },
  // community (decisions 100–104)
  'POST /api/admin/activities': { audit: ['activity.create'] },
  'PUT /api/admin/activities/:id': { audit: ['activity.update'] },
  'PUT /api/admin/activities/:id/publish': { audit: ['activity.publish', 'activity.unpublish'] },
  'POST /api/admin/badges': { audit: ['badge.create'] },
  'PUT /api/admin/badges/:id': { audit: ['badge.update'] },
  'POST /api/admin/badges/:id/awards': { audit: ['badge_award.grant'] },
  'POST /api/admin/badge-awards/:id/revoke': { audit: ['badge_award.revoke'] },
  'POST /api/admin/honours': { audit: ['honour.create'] },
  'PUT /api/admin/honours/:id': { audit: ['honour.update'] },
  'DELETE /api/admin/honours/:id': { audit: ['honour.delete'] },
  'PUT /api/teacher/talent-show/entries/:id/review': { audit: ['talent_show.entry.approve', 'talent_show.entry.hide'] },
  'PUT /api/teacher/talent-show/entries/:id/sheet': { audit: ['talent_show.sheet.save'] },
  'PUT /api/teacher/talent-show/rules': { audit: ['talent_show.rules.update'] },
  'POST /api/teacher/mission-x': { audit: ['mission_x.create'] },
  'PUT /api/teacher/mission-x/:id': { audit: ['mission_x.update'] },
  'DELETE /api/teacher/mission-x/:id': { audit: ['mission_x.withdraw'] },
  'PUT /api/teacher/mission-x/hand-ins/:id': { audit: ['mission_x.hand_in.accept', 'mission_x.hand_in.return', 'mission_x.hand_in.unaccept', 'house_cup.give', 'house_cup.reverse'] },
  'POST /api/teacher/forum/posts': { noChange: "a teacher's own forum post or reply: the row itself names its author and times (edits keep edited_at, a delete sets deleted_at and keeps the row); moderation of others' posts is audited" },
  'PUT /api/teacher/forum/posts/:id': { noChange: "a teacher's own forum post or reply: the row itself names its author and times (edits keep edited_at, a delete sets deleted_at and keeps the row); moderation of others' posts is audited" },
  'DELETE /api/teacher/forum/posts/:id': { noChange: "a teacher's own forum post or reply: the row itself names its author and times (edits keep edited_at, a delete sets deleted_at and keeps the row); moderation of others' posts is audited" },
  'POST /api/teacher/forum/posts/:id/replies': { noChange: "a teacher's own forum post or reply: the row itself names its author and times (edits keep edited_at, a delete sets deleted_at and keeps the row); moderation of others' posts is audited" },
  'DELETE /api/teacher/forum/replies/:id': { noChange: "a teacher's own forum post or reply: the row itself names its author and times (edits keep edited_at, a delete sets deleted_at and keeps the row); moderation of others' posts is audited" },
  'POST /api/teacher/forum/posts/:id/hide': { audit: ['forum.post.hide'] },
  'POST /api/teacher/forum/replies/:id/hide': { audit: ['forum.reply.hide'] },
  'POST /api/teacher/forum/posts/:id/restore': { audit: ['forum.post.restore'] },
  'POST /api/teacher/forum/replies/:id/restore': { audit: ['forum.reply.restore'] },
  'POST /api/admin/forum/posts/:id/hide': { audit: ['forum.post.hide'] },
  'POST /api/admin/forum/replies/:id/hide': { audit: ['forum.reply.hide'] },
  'POST /api/admin/forum/posts/:id/restore': { audit: ['forum.post.restore'] },
  'POST /api/admin/forum/replies/:id/restore': { audit: ['forum.reply.restore'] },
  'POST /api/admin/forum/words': { audit: ['forum.words.add'] },
  'DELETE /api/admin/forum/words/:id': { audit: ['forum.words.delete'] },
  'POST /api/admin/forum/boards': { audit: ['forum.board.create'] },
  // live games (decision 105)
  'POST /api/teacher/brain-olympics': { audit: ['games.quiz_create'] },
  'POST /api/teacher/brain-olympics/rounds/:id/push': { audit: ['games.quiz_push'] },
  'POST /api/teacher/brain-olympics/rounds/:id/end': { audit: ['games.quiz_end'] },
  'POST /api/admin/clusters': { audit: ['cluster.create'] },
  // WeCom (decisions 098, 099)
  'PUT /api/admin/staff/:id/wecom': { audit: ['wecom.link'] },
  'DELETE /api/admin/staff/:id/wecom': { audit: ['wecom.unlink'] },
  'POST /api/admin/wecom-seminar/counsellors': { audit: ['wecom_counsellor.create'] },
  'PUT /api/admin/wecom-seminar/counsellors/:id': { audit: ['wecom_counsellor.update'] },
  'POST /api/admin/wecom-seminar/seminars': { audit: ['wecom_seminar.create'] },
  'PUT /api/admin/wecom-seminar/seminars/:id': { audit: ['wecom_seminar.update'] },
};

const MODULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIN = 60_000;
let t: TestApp;
let teacher: Staff;
let tf: Staff;
let admin: Staff;
let student: PayingStudent;
let course: Awaited<ReturnType<typeof courseWithMeetings>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2027-07-18T01:00:00Z'));
  teacher = await staffOfType(t, 1, '王老师');
  tf = await staffOfType(t, 2, '助教甲');
  admin = await staffOfType(t, 9, '管理员');
  student = await payingStudent(t, { offer: 1, name: '学生甲' });
  // The meeting started a minute ago, so its sign-in can open now.
  course = await courseWithMeetings(t.db, teacher.id, [new Date(t.clock.now().getTime() - MIN)], '量子计算导论');
  await enrol(t.db, student.accountId, course.course.id);
});
afterAll(async () => {
  await t.close();
});

async function auditRows(action: string, entityId: string | number | null) {
  const byId = entityId === null ? sql`${auditLog.entityId} is null` : eq(auditLog.entityId, String(entityId));
  return t.db.select().from(auditLog).where(and(eq(auditLog.action, action), byId)).orderBy(desc(auditLog.id));
}
async function lastAudit(action: string, entityId: string | number | null) {
  const [row] = await auditRows(action, entityId);
  expect(row, `${action} #${entityId}`).toBeDefined();
  return row!;
}

describe('the inventory (decision 067)', () => {
  const writeRoutes = () =>
    t.app.routeRegistry.filter((r) => /^\/api\/(admin|teacher)\//.test(r.url) && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)).map((r) => `${r.method} ${r.url}`);

  it('names every admin and teacher write route the app registers, and only those', () => {
    const registered = writeRoutes();
    expect(registered.length).toBeGreaterThan(70);
    const missing = registered.filter((k) => !(k in WRITE_ROUTE_AUDIT));
    expect(missing, 'write routes with no audit entry: add the audit row in the service’s transaction, then list it here').toEqual([]);
    const stale = Object.keys(WRITE_ROUTE_AUDIT).filter((k) => !registered.includes(k));
    expect(stale, 'inventory rows for routes that no longer exist').toEqual([]);
  });

  it('lists only actions the api writes: each is a literal in a module, or one of the few built from a value', () => {
    const source = readdirSync(MODULES_DIR, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => readFileSync(path.join(MODULES_DIR, f), 'utf8'))
      .join('\n');
    // Built at run time: `selection_round.${status}` (course-centre.service) and 'enrolment.' + source (takeSeat).
    const built: Record<string, string> = {
      'selection_round.open': 'selection_round.${status}',
      'selection_round.closed': 'selection_round.${status}',
      'selection_round.draft': 'selection_round.${status}',
      'enrolment.admin': "'enrolment.' + s.source",
    };
    const actions = Object.values(WRITE_ROUTE_AUDIT).flatMap((c) => ('audit' in c ? c.audit : []));
    const unknown = actions.filter((a) => !(source.includes(`'${a}'`) || (built[a] !== undefined && source.includes(built[a]))));
    expect(unknown).toEqual([]);
  });

  it('gives every recorded action a Chinese name in the 操作日志, and every no-change route a reason', () => {
    for (const [route, c] of Object.entries(WRITE_ROUTE_AUDIT)) {
      if ('noChange' in c) expect(c.noChange.length, route).toBeGreaterThan(10);
      else for (const action of c.audit) expect(auditActionLabel(action), `${route} ${action}`).not.toBe(action);
    }
  });
});

describe('sign-ins and attendance (teacher)', () => {
  it('open, re-open, override and close each write a row with the teacher as actor; closing a closed sign-in writes none', async () => {
    const meetingId = course.meetings[0]!.id;
    const opened = await call<SignSummary>(t.app, 'POST', '/api/teacher/sign', { token: teacher.token, body: { meeting_id: meetingId } });
    expect(opened.body.status).toBe(200);
    const signId = opened.body.data!.id;
    const open = await lastAudit('sign.open', signId);
    expect(open).toMatchObject({ actorId: teacher.id, entity: 'checkin_session', before: null, after: { course_id: course.course.id, meeting_id: meetingId, closes_at: opened.body.data!.closes_at } });

    t.clock.advance(MIN);
    const reopened = await call<SignSummary>(t.app, 'POST', '/api/teacher/sign', { token: teacher.token, body: { meeting_id: meetingId, duration_minutes: 30 } });
    expect(reopened.body.data!.id).toBe(signId);
    const [again, first] = await auditRows('sign.open', signId);
    expect(first!.id).toBe(open.id);
    expect(again!.before).toEqual({ opens_at: expect.any(String), closes_at: opened.body.data!.closes_at, late_after: expect.any(String) });
    expect((again!.after as { closes_at: string }).closes_at).toBe(reopened.body.data!.closes_at);

    const overridden = await call<SignDetail>(t.app, 'PUT', `/api/teacher/sign/${signId}/students/${student.accountId}`, { token: teacher.token, body: { status: 'excused', note: '病假条已交' } });
    expect(overridden.body.status).toBe(200);
    const override = await lastAudit('attendance.override', signId);
    expect(override).toMatchObject({ actorId: teacher.id, entity: 'checkin_session', before: { student_id: student.accountId, status: null }, after: { student_id: student.accountId, status: 'excused', note: '病假条已交' } });
    await call(t.app, 'PUT', `/api/teacher/sign/${signId}/students/${student.accountId}`, { token: teacher.token, body: { status: 'present' } });
    expect((await lastAudit('attendance.override', signId)).before).toEqual({ student_id: student.accountId, status: 'excused' });

    t.clock.advance(MIN);
    const closed = await call<SignSummary>(t.app, 'POST', `/api/teacher/sign/${signId}/close`, { token: teacher.token });
    expect(closed.body.status).toBe(200);
    const close = await lastAudit('sign.close', signId);
    expect(close).toMatchObject({ actorId: teacher.id, before: { closes_at: reopened.body.data!.closes_at }, after: { closes_at: closed.body.data!.closes_at } });
    await call(t.app, 'POST', `/api/teacher/sign/${signId}/close`, { token: teacher.token });
    expect(await auditRows('sign.close', signId)).toHaveLength(1);
  });

  it('closing a sign-in in the very instant it was (re-)opened ends it a millisecond after, not a 500', async () => {
    const meetingId = course.meetings[0]!.id;
    const opened = await call<SignSummary>(t.app, 'POST', '/api/teacher/sign', { token: teacher.token, body: { meeting_id: meetingId } });
    expect(opened.body.status).toBe(200);
    const closed = await call<SignSummary>(t.app, 'POST', `/api/teacher/sign/${opened.body.data!.id}/close`, { token: teacher.token });
    expect(closed.http).toBe(200);
    expect(Date.parse(closed.body.data!.closes_at)).toBe(Date.parse(opened.body.data!.opens_at) + 1);
  });

  it('a refused write leaves no row: another teacher cannot open this course’s sign-in', async () => {
    const other = await staffOfType(t, 1, '赵老师');
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    const res = await call(t.app, 'POST', '/api/teacher/sign', { token: other.token, body: { meeting_id: course.meetings[0]!.id } });
    expect(res.http).toBe(403);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n).toBe(before);
  });
});

describe('course assistants (admin)', () => {
  it('adding and removing a TF record the course’s assistant ids before and after; a repeat add records nothing', async () => {
    const url = `/api/admin/courses/${course.course.id}/assistants`;
    expect((await call(t.app, 'POST', url, { token: admin.token, body: { account_id: tf.id } })).body.status).toBe(200);
    expect(await lastAudit('course_assistant.add', course.course.id)).toMatchObject({ actorId: admin.id, entity: 'course', before: { assistant_ids: [] }, after: { assistant_ids: [tf.id] } });
    await call(t.app, 'POST', url, { token: admin.token, body: { account_id: tf.id } });
    expect(await auditRows('course_assistant.add', course.course.id)).toHaveLength(1);
    expect((await call(t.app, 'DELETE', `${url}/${tf.id}`, { token: admin.token })).body.status).toBe(200);
    expect(await lastAudit('course_assistant.remove', course.course.id)).toMatchObject({ actorId: admin.id, before: { assistant_ids: [tf.id] }, after: { assistant_ids: [] } });
  });
});

describe('assignments and office hours (teacher)', () => {
  it('creating and editing an assignment record its settings, the instructions by length only', async () => {
    const body = { course_id: course.course.id, title: '第一次作业', instructions: '<p>阅读第一章并写读书报告</p>', due_at: new Date(t.clock.now().getTime() + 7 * 24 * 60 * MIN).toISOString(), allowed_types: ['pdf'], max_size_mb: 10, max_score: 100, rubric: [] };
    const created = await call<Assignment>(t.app, 'POST', '/api/teacher/assignment', { token: teacher.token, body });
    expect(created.body.status).toBe(200);
    const id = created.body.data!.id;
    const create = await lastAudit('assignment.create', id);
    expect(create).toMatchObject({ actorId: teacher.id, entity: 'assignment', before: null, after: { course_id: course.course.id, title: '第一次作业', max_score: 100, allowed_types: ['pdf'] } });
    expect(JSON.stringify(create.after)).not.toContain('读书报告');

    expect((await call(t.app, 'PUT', `/api/teacher/assignment/${id}`, { token: teacher.token, body: { ...body, title: '第一次作业（修订）', max_score: 50 } })).body.status).toBe(200);
    expect(await lastAudit('assignment.update', id)).toMatchObject({ actorId: teacher.id, before: { title: '第一次作业', max_score: 100 }, after: { title: '第一次作业（修订）', max_score: 50 } });
  });

  it('publishing an office-hour slot records it', async () => {
    const starts = new Date(t.clock.now().getTime() + 48 * 60 * MIN);
    const res = await call<TeacherSlot[]>(t.app, 'POST', '/api/teacher/hour', {
      token: teacher.token,
      body: { course_id: course.course.id, starts_at: starts.toISOString(), ends_at: new Date(starts.getTime() + 60 * MIN).toISOString(), location: '图书馆 201', capacity: 4 },
    });
    expect(res.body.status).toBe(200);
    const slot = res.body.data!.find((s) => s.location === '图书馆 201')!;
    expect(await lastAudit('office_hour.create', slot.id)).toMatchObject({ actorId: teacher.id, entity: 'office_hour', after: { course_id: course.course.id, starts_at: starts.toISOString(), location: '图书馆 201', capacity: 4 } });
  });
});

describe('recommendation letters (teacher)', () => {
  it('a draft save records the status and length, never the text; a resend records the links, never tokens or addresses', async () => {
    const done = await courseWithMeetings(t.db, teacher.id, [new Date(t.clock.now().getTime() - 48 * 60 * MIN)], '已结课程');
    await enrol(t.db, student.accountId, done.course.id);
    const asked = await call<LetterStudentView[]>(t.app, 'POST', '/api/student/recommend-letters', {
      token: student.token,
      body: { course_id: done.course.id, recipients: [{ name: 'Dr. Smith', email: 'smith@example.edu' }], note: '申请大学用' },
    });
    expect(asked.body.status).toBe(200);
    const letterId = asked.body.data!.find((l) => l.course_id === done.course.id)!.id;
    const url = `/api/teacher/recommend-letters/${letterId}`;

    const text = '<p>该同学勤奋好学，思维敏捷。</p>';
    expect((await call(t.app, 'PUT', url, { token: teacher.token, body: { body_html: text } })).body.msg).toBe(CLASSES_MSG.LETTER_SAVED);
    const draft = await lastAudit('recommendation_letter.draft', letterId);
    expect(draft).toMatchObject({ actorId: teacher.id, entity: 'recommendation_letter', before: { status: 'requested', body_chars: 0 }, after: { status: 'draft', body_chars: text.length } });
    expect(JSON.stringify(draft)).not.toContain('勤奋');

    expect((await call(t.app, 'PUT', url, { token: teacher.token, body: { body_html: text, submit: true } })).body.msg).toBe(CLASSES_MSG.LETTER_SUBMITTED);
    // The e-mail did not go out (as when the provider fails): the resend gives the link a new token.
    const [link] = await t.db.update(recommendationLetterLinks).set({ sentAt: null }).where(eq(recommendationLetterLinks.letterId, letterId)).returning();
    const resent = await call(t.app, 'POST', `${url}/resend`, { token: teacher.token });
    expect(resent.body.msg).toBe(CLASSES_MSG.LETTER_RESENT);
    const row = await lastAudit('recommendation_letter.resend', letterId);
    expect(row).toMatchObject({ actorId: teacher.id, before: null, after: { link_ids: [link!.id] } });
    const [rotated] = await t.db.select().from(recommendationLetterLinks).where(eq(recommendationLetterLinks.id, link!.id));
    expect(rotated!.tokenHash).not.toBe(link!.tokenHash);
    for (const secret of [rotated!.tokenHash, link!.tokenHash, 'smith@example.edu']) expect(JSON.stringify(row)).not.toContain(secret);
  });
});

describe('checklist messages (admin)', () => {
  it('a message to chosen students records who sent what to which student ids', async () => {
    await t.db.update(studentProfiles).set({ tuitionPaidAt: t.clock.now() }).where(eq(studentProfiles.accountId, student.accountId));
    const res = await call<{ sent: number }>(t.app, 'POST', '/api/admin/checklist/message', { token: admin.token, body: { student_ids: [student.accountId], title: '请尽快完成', body: '基本信息已逾期' } });
    expect(res.body).toMatchObject({ status: 200, data: { sent: 1 } });
    expect(await lastAudit('checklist.message', null)).toMatchObject({ actorId: admin.id, entity: 'checklist_message', after: { student_ids: [student.accountId], title: '请尽快完成', body: '基本信息已逾期' } });
  });
});

describe('audit_log cannot be edited (decision 067)', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE on audit_log; inserting still works and the rows are unchanged', async () => {
    await t.db.insert(auditLog).values({ actorId: admin.id, action: 'test.append_only', entity: 'test', entityId: '1', after: { n: 1 } });
    const [row] = await auditRows('test.append_only', 1);
    const total = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    const n = await total();
    await expect(t.db.update(auditLog).set({ after: { n: 2 } }).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still!.after).toEqual({ n: 1 });
    expect(await total()).toBe(n);
  });

  it('the refusal names the rule', async () => {
    const err = await t.db
      .execute(sql`update audit_log set action = 'x'`)
      .then(() => null)
      .catch((e: unknown) => e as Error & { cause?: { message?: string } });
    expect(`${err?.message ?? ''} ${err?.cause?.message ?? ''}`).toContain('audit_log is append-only');
  });
});
