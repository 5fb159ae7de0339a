import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { CERT_MSG, type CertificateCourseRow, type CertificateIssueResult, type CertificateRule, type CertificateVerification, type CertificateView } from '@summit/domain';
import { accounts, auditLog } from '../../db/schema.ts';
import { attendance, checkinSessions } from '../../db/schema-teaching.ts';
import { courseGrades, gradePublications } from '../../db/schema-coursework.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, registerStudent } from '../../test/flows.ts';
import { courseWithMeetings, enrol, staffOfType, type Staff } from '../teaching/teaching-test-kit.ts';

let t: TestApp;
let admin: Staff;
let teacher: Staff;
const HOUR = 3_600_000;

async function student(name: string) {
  const s = await registerStudent(t.app);
  const status = await call<{ user_id: number }>(t.app, 'GET', '/api/student/status', { token: s.token });
  const id = status.body.data!.user_id;
  await t.db.update(accounts).set({ name }).where(eq(accounts.id, id));
  return { token: s.token, id };
}

/** A finished course with `signs` closed sign-ins; each student attends `attended[i]` of them and gets `grades[i]`. */
async function finishedCourse(students: Array<{ id: number; attended: number; grade: number | null }>, signs = 4, publish = true) {
  const now = t.clock.now().getTime();
  const starts = Array.from({ length: signs }, (_, i) => new Date(now - (100 - i) * HOUR));
  const { course, meetings } = await courseWithMeetings(t.db, teacher.id, starts, `证书课程${Math.random().toString(36).slice(2, 6)}`);
  const sessions = [];
  for (const m of meetings) {
    const [s] = await t.db.insert(checkinSessions).values({ meetingId: m.id, courseId: course.id, opensAt: m.startsAt, closesAt: new Date(m.startsAt.getTime() + HOUR), lateAfter: new Date(m.startsAt.getTime() + 600_000) }).returning();
    sessions.push(s!);
  }
  for (const st of students) {
    await enrol(t.db, st.id, course.id);
    for (let i = 0; i < st.attended; i++) await t.db.insert(attendance).values({ sessionId: sessions[i]!.id, studentId: st.id, status: i % 2 ? 'late' : 'present', source: 'qr', checkedAt: sessions[i]!.opensAt });
    if (st.grade !== null) await t.db.insert(courseGrades).values({ courseId: course.id, studentId: st.id, finalGrade: st.grade });
  }
  if (publish) await t.db.insert(gradePublications).values({ courseId: course.id, publishAt: new Date(now - HOUR) });
  return course;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffOfType(t, 9, '管理员');
  teacher = await staffOfType(t, 1, '王老师');
});
afterAll(async () => {
  await t.close();
});

describe('certificate rule', () => {
  it('has a default, is admin-only, validates input and audits a change', async () => {
    const got = await call<CertificateRule>(t.app, 'GET', '/api/admin/certificate-rule', { token: admin.token });
    expect(got.body.data).toMatchObject({ min_attendance_pct: 80, min_final_grade: 60 });
    expect((await call(t.app, 'GET', '/api/admin/certificate-rule', { token: teacher.token })).http).toBe(403);
    const s = await student('规则学生');
    expect((await call(t.app, 'PUT', '/api/admin/certificate-rule', { token: s.token, body: { min_attendance_pct: 1, min_final_grade: 1 } })).http).toBe(403);
    const bad = await call(t.app, 'PUT', '/api/admin/certificate-rule', { token: admin.token, body: { min_attendance_pct: 101, min_final_grade: 60 } });
    expect(bad.body.status).toBe(4003);
    const put = await call<CertificateRule>(t.app, 'PUT', '/api/admin/certificate-rule', { token: admin.token, body: { min_attendance_pct: 75, min_final_grade: 70 } });
    expect(put.body.data).toMatchObject({ min_attendance_pct: 75, min_final_grade: 70, updated_by: admin.id });
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'certificate.rule.update'), eq(auditLog.actorId, admin.id)));
    expect(row?.before).toMatchObject({ min_attendance_pct: 80, min_final_grade: 60 });
    expect(row?.after).toMatchObject({ min_attendance_pct: 75, min_final_grade: 70 });
  });
});

describe('issuing, verification, revoke and reissue', () => {
  it('issues only to students who meet the rule once grades are published; students see only their own', async () => {
    await call(t.app, 'PUT', '/api/admin/certificate-rule', { token: admin.token, body: { min_attendance_pct: 75, min_final_grade: 70 } });
    const good = await student('合格生');
    const lowAttendance = await student('缺勤生');
    const lowGrade = await student('低分生');
    const course = await finishedCourse([
      { id: good.id, attended: 3, grade: 88 }, // 75 %
      { id: lowAttendance.id, attended: 2, grade: 95 }, // 50 %
      { id: lowGrade.id, attended: 4, grade: 69.5 },
    ]);
    const unpublished = await finishedCourse([{ id: good.id, attended: 2, grade: 99 }], 2, false);

    const rows = await call<CertificateCourseRow[]>(t.app, 'GET', `/api/admin/certificates?course_id=${course.id}`, { token: admin.token });
    expect(rows.body.data!.map((r) => [r.student_name, r.attendance_pct, r.eligible])).toEqual(
      expect.arrayContaining([
        ['合格生', 75, true],
        ['缺勤生', 50, false],
        ['低分生', 100, false],
      ]),
    );
    expect((await call(t.app, 'POST', '/api/admin/certificates/issue', { token: teacher.token, body: { course_id: course.id } })).http).toBe(403);
    const issued = await call<CertificateIssueResult>(t.app, 'POST', '/api/admin/certificates/issue', { token: admin.token, body: { course_id: course.id } });
    expect(issued.body).toMatchObject({ status: 200, msg: CERT_MSG.ISSUED, data: { issued: 1 } });
    const again = await call<CertificateIssueResult>(t.app, 'POST', '/api/admin/certificates/issue', { token: admin.token, body: { course_id: course.id } });
    expect(again.body.data!.issued).toBe(0);
    const none = await call<CertificateIssueResult>(t.app, 'POST', '/api/admin/certificates/issue', { token: admin.token, body: { course_id: unpublished.id } });
    expect(none.body.data!.issued).toBe(0);
    expect((await call(t.app, 'POST', '/api/admin/certificates/issue', { token: admin.token, body: { course_id: 2_000_000_000 } })).http).toBe(404);

    const mine = await call<CertificateView[]>(t.app, 'GET', '/api/student/certificates', { token: good.token });
    expect(mine.body.data).toHaveLength(1);
    const cert = mine.body.data![0]!;
    expect(cert).toMatchObject({ course_id: course.id, student_name: '合格生', attendance_pct: 75, final_grade: 88, revoked_at: null });
    expect((await call<CertificateView[]>(t.app, 'GET', '/api/student/certificates', { token: lowGrade.token })).body.data).toEqual([]);

    // IDOR: another student's certificate is the same 404 as an unknown one, for the detail and the PDF.
    expect((await call(t.app, 'GET', `/api/student/certificates/${cert.id}`, { token: lowGrade.token })).http).toBe(404);
    expect((await call(t.app, 'GET', `/api/student/certificates/${cert.id}/pdf`, { token: lowGrade.token })).http).toBe(404);
    expect((await call(t.app, 'GET', `/api/student/certificates/${cert.id}`, { token: teacher.token })).http).toBe(403);
    expect((await call(t.app, 'GET', `/api/student/certificates/${cert.id}`, { token: good.token })).body.data).toMatchObject({ id: cert.id });

    const pdf = await t.app.inject({ method: 'GET', url: `/api/student/certificates/${cert.id}/pdf`, headers: { authorization: `Bearer ${good.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`结业证书 C${String(cert.id).padStart(6, '0')}`);

    // Verification by the token of the QR code; the token is not stored in clear.
    const token = cert.verify_url!.split('/student/certificate/')[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const valid = await call<CertificateVerification>(t.app, 'GET', `/api/certificate/verify/${token}`);
    // The public page masks the name as the offer-letter check does; the full name is nowhere in the answer.
    expect(valid.body.data).toMatchObject({ valid: true, student_name: '合*生', course_title: course.title, revoked_at: null });
    expect(JSON.stringify(valid.body)).not.toContain('合格生');
    // A token differing in its last character (never equal to the real one, whatever that character is).
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await call(t.app, 'GET', `/api/certificate/verify/${tampered}`)).http).toBe(404);
    expect((await call(t.app, 'GET', '/api/certificate/verify/short')).http).toBe(404);
    const stored = await t.db.execute(sql`select * from certificates where id = ${cert.id}`);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Reissue: the old token now says revoked, a new token says valid; both audited.
    const re = await call<CertificateView>(t.app, 'POST', `/api/admin/certificates/${cert.id}/reissue`, { token: admin.token });
    expect(re.body.msg).toBe(CERT_MSG.REISSUED);
    const fresh = re.body.data!;
    expect(fresh.id).not.toBe(cert.id);
    const newToken = fresh.verify_url!.split('/student/certificate/')[1]!;
    expect(newToken).not.toBe(token);
    expect((await call<CertificateVerification>(t.app, 'GET', `/api/certificate/verify/${token}`)).body.data).toMatchObject({ valid: false });
    expect((await call<CertificateVerification>(t.app, 'GET', `/api/certificate/verify/${newToken}`)).body.data).toMatchObject({ valid: true });
    expect((await call(t.app, 'GET', `/api/student/certificates/${cert.id}/pdf`, { token: good.token })).body).toMatchObject({ msg: CERT_MSG.REVOKED });

    // Revoke: the page says revoked; revoking twice is a message, not a 500.
    expect((await call(t.app, 'POST', `/api/admin/certificates/${fresh.id}/revoke`, { token: teacher.token })).http).toBe(403);
    const rv = await call<CertificateView>(t.app, 'POST', `/api/admin/certificates/${fresh.id}/revoke`, { token: admin.token });
    expect(rv.body.data!.revoked_at).not.toBeNull();
    expect((await call<CertificateVerification>(t.app, 'GET', `/api/certificate/verify/${newToken}`)).body.data).toMatchObject({ valid: false, student_name: '合*生' });
    expect((await call(t.app, 'POST', `/api/admin/certificates/${fresh.id}/revoke`, { token: admin.token })).body.msg).toBe(CERT_MSG.ALREADY_REVOKED);
    // A revoked certificate is not silently re-issued by the next 颁发证书.
    expect((await call<CertificateIssueResult>(t.app, 'POST', '/api/admin/certificates/issue', { token: admin.token, body: { course_id: course.id } })).body.data!.issued).toBe(0);
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entity, 'certificate'))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['certificate.issue', 'certificate.reissue', 'certificate.revoke']));
  });
});
