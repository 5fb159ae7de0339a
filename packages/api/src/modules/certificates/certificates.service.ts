/**
 * Certificates (decision 058): the admins' rule in the settings table (audited), issuing by course
 * when an admin runs 颁发证书, revoke and reissue (audited), the student's list, detail and PDF, and the public
 * verification by token. The token is HMAC-SHA256(secret, "certificate:<id>"); only its SHA-256 is stored.
 */
import { createHash, createHmac } from 'node:crypto';
import { maskName } from '@summit/domain';
import { AppError } from '@summit/domain/errors';
import {
  CERT_MSG,
  DEFAULT_CERTIFICATE_RULE,
  type CertificateCourseRow,
  type CertificateRule,
  type CertificateRuleUpdateRequest,
  type CertificateVerification,
  type CertificateView,
} from '@summit/domain/api/certificates';
import { z } from 'zod';
import type { AppContext, AuthState } from '../../http/context.ts';
import { getSharedSecret } from '../settings/settings.service.ts';
import { insertSettingsIfMissing, readSettings, writeSettingsAudited } from '../settings/settings.queries.ts';
import { getStoredProgrammeFacts } from '../settings/programme.service.ts';
import * as repo from './certificates.repo.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';

const RULE_KEY = 'certificate.rule';
const SECRET_KEY = 'certificate.secret';
const ruleValueSchema = z.object({ min_attendance_pct: z.number().int().min(0).max(100), min_final_grade: z.number().min(0).max(100) });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const iso = (d: Date) => d.toISOString();

type Ctx = Pick<AppContext, 'db' | 'now' | 'env'>;

export async function getRule(ctx: Ctx): Promise<CertificateRule> {
  let [row] = await readSettings(ctx.db, [RULE_KEY]);
  if (!row) {
    await insertSettingsIfMissing(ctx.db, [{ key: RULE_KEY, value: DEFAULT_CERTIFICATE_RULE }], ctx.now());
    [row] = await readSettings(ctx.db, [RULE_KEY]);
  }
  const value = ruleValueSchema.parse(row?.value ?? DEFAULT_CERTIFICATE_RULE);
  return { ...value, updated_at: row?.updatedBy ? iso(row.updatedAt) : null, updated_by: row?.updatedBy ?? null };
}

export async function updateRule(ctx: Ctx, auth: AuthState, input: CertificateRuleUpdateRequest): Promise<CertificateRule> {
  await getRule(ctx);
  const value = { min_attendance_pct: input.min_attendance_pct, min_final_grade: input.min_final_grade };
  await writeSettingsAudited(ctx.db, {
    values: [{ key: RULE_KEY, value }],
    actorId: auth.accountId,
    now: ctx.now(),
    audit: { action: 'certificate.rule.update', entityId: RULE_KEY, before: (rows) => rows[0]?.value ?? null, after: value },
  });
  return getRule(ctx);
}

/** Read before any transaction: on the embedded single-connection database a read outside an open transaction waits for it. */
const secretOf = (ctx: Ctx) => getSharedSecret(ctx, SECRET_KEY, undefined);
const tokenWith = (secret: string, id: number) => createHmac('sha256', secret).update(`certificate:${id}`).digest('base64url');
async function tokenOf(ctx: Ctx, id: number): Promise<string> {
  return tokenWith(await secretOf(ctx), id);
}

type Joined = NonNullable<Awaited<ReturnType<typeof repo.findById>>>;

async function viewOf(ctx: Ctx, row: Joined, origin: string): Promise<CertificateView> {
  const c = row.cert;
  return {
    id: c.id,
    course_id: c.courseId,
    course_title: row.courseTitle,
    student_id: c.studentId,
    student_name: row.studentName ?? '',
    attendance_pct: c.attendancePct,
    final_grade: c.finalGrade,
    issued_at: iso(c.issuedAt),
    revoked_at: c.revokedAt ? iso(c.revokedAt) : null,
    verify_url: c.revokedAt ? null : `${origin}/student/certificate/${await tokenOf(ctx, c.id)}`,
  };
}

function pctOf(s: repo.StandingRow): number | null {
  return s.closed > 0 ? Math.round((s.attended * 1000) / s.closed) / 10 : null;
}

/** The rule: attendance over the closed sign-ins (a course without any counts as 0 %) and the published final grade. */
export function meetsRule(rule: Pick<CertificateRule, 'min_attendance_pct' | 'min_final_grade'>, pct: number | null, grade: number | null): boolean {
  return grade !== null && grade >= rule.min_final_grade && (pct ?? 0) >= rule.min_attendance_pct;
}

async function requireCourse(ctx: Ctx, courseId: number) {
  const course = await repo.findCourse(ctx.db, courseId);
  if (!course) throw AppError.notFound(CERT_MSG.COURSE_NOT_FOUND);
  return course;
}

export async function courseRows(ctx: Ctx, courseId: number, origin: string): Promise<CertificateCourseRow[]> {
  await requireCourse(ctx, courseId);
  const rule = await getRule(ctx);
  const standing = await repo.courseStanding(ctx.db, courseId, ctx.now());
  const certs = await repo.listByCourse(ctx.db, courseId);
  const latest = new Map<number, Joined>();
  for (const c of certs) latest.set(c.cert.studentId, c);
  const out: CertificateCourseRow[] = [];
  for (const s of standing) {
    const pct = pctOf(s);
    const cert = latest.get(s.student_id);
    out.push({ student_id: s.student_id, student_name: s.student_name, attendance_pct: pct, final_grade: s.final_grade, eligible: meetsRule(rule, pct, s.final_grade), certificate: cert ? await viewOf(ctx, cert, origin) : null });
  }
  return out;
}

/** 颁发证书: every enrolled student who meets the rule and holds no certificate (valid or revoked) of the course gets one. */
export async function issueForCourse(ctx: Ctx, auth: AuthState, courseId: number, origin: string): Promise<{ issued: number; rows: CertificateCourseRow[] }> {
  await requireCourse(ctx, courseId);
  const rule = await getRule(ctx);
  const now = ctx.now();
  const standing = await repo.courseStanding(ctx.db, courseId, now);
  const holders = await repo.studentsWithCertificate(ctx.db, courseId);
  const secret = await secretOf(ctx);
  let issued = 0;
  for (const s of standing) {
    const pct = pctOf(s);
    if (holders.has(s.student_id) || !meetsRule(rule, pct, s.final_grade)) continue;
    const made = await ctx.db.transaction(async (tx) => {
      const row = await repo.insertCertificate(tx, { studentId: s.student_id, courseId, attendancePct: pct ?? 0, finalGrade: s.final_grade!, issuedBy: auth.accountId, now });
      if (!row) return false;
      await repo.setTokenHash(tx, row.id, sha256(tokenWith(secret, row.id)));
      await repo.audit(tx, { actorId: auth.accountId, action: 'certificate.issue', entityId: row.id, before: null, after: { student_id: s.student_id, course_id: courseId, attendance_pct: pct ?? 0, final_grade: s.final_grade, rule: { min_attendance_pct: rule.min_attendance_pct, min_final_grade: rule.min_final_grade } }, now });
      return true;
    });
    if (made) issued += 1;
  }
  return { issued, rows: await courseRows(ctx, courseId, origin) };
}

async function requireCertificate(ctx: Ctx, id: number): Promise<Joined> {
  const row = await repo.findById(ctx.db, id);
  if (!row) throw AppError.notFound(CERT_MSG.NOT_FOUND);
  return row;
}

export async function revokeCertificate(ctx: Ctx, auth: AuthState, id: number, origin: string): Promise<CertificateView> {
  await requireCertificate(ctx, id);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const row = await repo.revoke(tx, id, auth.accountId, now);
    if (!row) return false;
    await repo.audit(tx, { actorId: auth.accountId, action: 'certificate.revoke', entityId: id, before: { revoked_at: null }, after: { revoked_at: iso(now) }, now });
    return true;
  });
  if (!done) throw AppError.message(CERT_MSG.ALREADY_REVOKED);
  return viewOf(ctx, await requireCertificate(ctx, id), origin);
}

/** Reissue: the old certificate is revoked (if it was not already) and a new one with a new token replaces it. */
export async function reissueCertificate(ctx: Ctx, auth: AuthState, id: number, origin: string): Promise<CertificateView> {
  const old = await requireCertificate(ctx, id);
  const secret = await secretOf(ctx);
  const now = ctx.now();
  const newId = await ctx.db.transaction(async (tx) => {
    await repo.revoke(tx, id, auth.accountId, now);
    const row = await repo.insertCertificate(tx, { studentId: old.cert.studentId, courseId: old.cert.courseId, attendancePct: old.cert.attendancePct, finalGrade: old.cert.finalGrade, issuedBy: auth.accountId, now, replacesId: id });
    // Another valid certificate of the same student and course exists (this one was already replaced).
    if (!row) throw AppError.message(CERT_MSG.ALREADY_REVOKED);
    await repo.setTokenHash(tx, row.id, sha256(tokenWith(secret, row.id)));
    await repo.audit(tx, { actorId: auth.accountId, action: 'certificate.reissue', entityId: row.id, before: { certificate_id: id }, after: { certificate_id: row.id }, now });
    return row.id;
  });
  return viewOf(ctx, await requireCertificate(ctx, newId), origin);
}

export async function listMine(ctx: Ctx, auth: AuthState, origin: string): Promise<CertificateView[]> {
  const rows = await repo.listByStudent(ctx.db, auth.accountId);
  return Promise.all(rows.map((r) => viewOf(ctx, r, origin)));
}

/** A student's own certificate; another student's is the same 404 as an unknown id. */
async function requireMine(ctx: Ctx, auth: AuthState, id: number): Promise<Joined> {
  const row = await repo.findById(ctx.db, id);
  if (!row || row.cert.studentId !== auth.accountId) throw AppError.notFound(CERT_MSG.NOT_FOUND);
  return row;
}

export async function getMine(ctx: Ctx, auth: AuthState, id: number, origin: string): Promise<CertificateView> {
  return viewOf(ctx, await requireMine(ctx, auth, id), origin);
}

export async function pdfOfMine(ctx: Ctx, auth: AuthState, id: number, origin: string): Promise<Uint8Array> {
  const row = await requireMine(ctx, auth, id);
  if (row.cert.revokedAt) throw AppError.message(CERT_MSG.REVOKED);
  const view = await viewOf(ctx, row, origin);
  const facts = await getStoredProgrammeFacts(ctx);
  return renderCertificatePdf({ programme: facts.name, studentName: view.student_name, courseTitle: view.course_title, issuedAt: view.issued_at, attendancePct: view.attendance_pct, finalGrade: view.final_grade, serial: `C${String(view.id).padStart(6, '0')}`, verifyUrl: view.verify_url! });
}

export async function verify(ctx: Ctx, token: string): Promise<CertificateVerification> {
  const row = /^[A-Za-z0-9_-]{43}$/.test(token) ? await repo.findByTokenHash(ctx.db, sha256(token)) : null;
  if (!row) throw AppError.notFound(CERT_MSG.NOT_FOUND);
  // A public page: the name masked as on the offer-letter check (张小明 → 张*明), enough to match the paper.
  return { valid: !row.cert.revokedAt, student_name: maskName(row.studentName ?? ''), course_title: row.courseTitle, issued_at: iso(row.cert.issuedAt), revoked_at: row.cert.revokedAt ? iso(row.cert.revokedAt) : null };
}
