/**
 * The admin's privacy actions on one student (decision 064): the masked summary with the
 * guardian's consent, the audited reveal of the ID number, the audited data export, and the erasure.
 */
import {
  AppError,
  CARD_TYPES,
  GUARDIAN_RELATIONS,
  PRIVACY_MSG,
  type IdNumberReveal,
  type PrivacyEraseResult,
  type StudentPrivacy,
} from '@summit/domain';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { beijingTime, streamSheet, type SheetColumn } from '../../exports/sheet-stream.ts';
import type { AppContext, AuthState } from '../../http/context.ts';
import { storageFor } from '../storage/storage.service.ts';
import { maskedIdNumber, mayRevealIdNumber, readIdNumber } from './identity.service.ts';
import { deleteUploadRows, eraseStudentRecords, exportRows, findStudent, insertAudit, listUploadsOf } from './privacy.repo.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const labelOf = (options: ReadonlyArray<{ value: string; label: string }>, value: unknown) => options.find((o) => o.value === value)?.label ?? null;

async function studentOrThrow(ctx: AppContext, userId: number) {
  const row = await findStudent(ctx.db, userId);
  if (!row) throw AppError.notFound(PRIVACY_MSG.STUDENT_NOT_FOUND);
  return row;
}

/** GET /api/admin/students/:userId/privacy */
export async function getStudentPrivacy(ctx: AppContext, auth: AuthState, userId: number): Promise<StudentPrivacy> {
  const { account, application, identity } = await studentOrThrow(ctx, userId);
  const step1 = application?.step1 ?? {};
  // Consent is given with step 1 (docs/product/data.md: 监护人授权, a required tick); the time and text version are kept
  // since decision 009. Rows without a time predate that record and show 未记录.
  const recorded = application?.consentAt != null && step1.guardian_consent === true;
  return {
    user_id: userId,
    name: account.name,
    card_type: labelOf(CARD_TYPES, identity?.cardType ?? step1.card_type),
    id_number_masked: await maskedIdNumber(ctx, identity ?? undefined),
    may_reveal: mayRevealIdNumber(auth),
    guardian_consent: {
      recorded,
      guardian_name: typeof step1.guardian_name === 'string' ? step1.guardian_name : null,
      guardian_relation: labelOf(GUARDIAN_RELATIONS, step1.guardian_relation),
      consent_version: recorded ? (application?.consentVersion ?? null) : null,
      consented_at: recorded ? iso(application?.consentAt) : null,
    },
    erased_at: iso(identity?.erasedAt),
  };
}

/** POST /api/admin/students/:userId/id-number/reveal: the audit row says who saw whose number, never the number. */
export async function revealIdNumber(ctx: AppContext, auth: AuthState, userId: number): Promise<IdNumberReveal> {
  if (!mayRevealIdNumber(auth)) throw AppError.forbidden();
  const { identity } = await studentOrThrow(ctx, userId);
  const number = await readIdNumber(ctx, identity ?? undefined);
  if (!number) throw AppError.message(PRIVACY_MSG.NO_ID_NUMBER);
  await insertAudit(ctx.db, { actorId: auth.accountId, action: 'student.id_number.reveal', entityId: userId, after: { card_type: identity?.cardType ?? null }, now: ctx.now() });
  return { card_type: labelOf(CARD_TYPES, identity?.cardType), id_number: number };
}

export interface StudentDataExport {
  exported_at: string;
  account: Record<string, unknown>;
  profile: Record<string, unknown>;
  identity: { card_type: string | null; id_number: string | null; erased_at: string | null };
  application: Record<string, unknown> | null;
  sections: Array<{ key: string; label: string; rows: Array<Record<string, unknown>> }>;
  uploads: Array<Record<string, unknown>>;
}

/**
 * Everything we hold about the student, for the student's own request (a subject access request): the full ID
 * number is included, and the export itself is an audit row. The health form stays sealed (decision 047: it is
 * read under its own permission); its presence is listed.
 */
export async function exportStudentData(ctx: AppContext, auth: AuthState, userId: number, format: 'json' | 'xlsx'): Promise<StudentDataExport> {
  const { account, profile, application, identity } = await studentOrThrow(ctx, userId);
  const now = ctx.now();
  const { passwordHash: _hash, ...accountOut } = account;
  const sections = (await exportRows(ctx.db, userId)).map((s) =>
    s.key === 'forms' ? { ...s, rows: s.rows.map((r) => (r.formName === 'health' ? { ...r, value: '（健康信息加密保存，按健康信息权限单独查阅）' } : r)) } : s,
  );
  const uploads = (await listUploadsOf(ctx.db, userId)).map(({ key: _key, ...u }) => u);
  const out: StudentDataExport = {
    exported_at: now.toISOString(),
    account: accountOut,
    profile,
    identity: { card_type: labelOf(CARD_TYPES, identity?.cardType), id_number: await readIdNumber(ctx, identity ?? undefined), erased_at: iso(identity?.erasedAt) },
    application: application ? { ...application } : null,
    sections,
    uploads,
  };
  await insertAudit(ctx.db, { actorId: auth.accountId, action: 'student.data_export', entityId: userId, after: { format }, now });
  return out;
}

/** POST /api/admin/students/:userId/erase */
export async function eraseStudent(ctx: AppContext, auth: AuthState, userId: number, confirmPhone: string, log: FastifyBaseLogger): Promise<PrivacyEraseResult> {
  const { account, identity } = await studentOrThrow(ctx, userId);
  if (identity?.erasedAt) throw AppError.message(PRIVACY_MSG.ALREADY_ERASED);
  if (confirmPhone.replace(/\s/g, '') !== account.phone) throw AppError.param('confirm_phone', PRIVACY_MSG.ERASE_CONFIRM);
  const files = await listUploadsOf(ctx.db, userId);
  const now = ctx.now();
  const done = await eraseStudentRecords(ctx.db, { userId, actorId: auth.accountId, now, after: { erased: true, files: files.length } });
  if (!done) throw AppError.message(PRIVACY_MSG.ALREADY_ERASED);
  ctx.bus.publish({ channel: 'account-revoked', accountId: userId });

  // The files go after the records commit: a storage failure never leaves a half-erased account. A file the
  // provider could not delete keeps its row (logged), so it can be retried; its owner is already anonymous.
  const storage = storageFor(ctx);
  const deleted: number[] = [];
  let failed = 0;
  for (const file of files) {
    if (file.provider !== storage.id) {
      failed++;
      continue;
    }
    try {
      await storage.deleteObject(file.key);
      deleted.push(file.id);
    } catch (err) {
      failed++;
      log.warn({ uploadId: file.id, err: err instanceof Error ? err.message : String(err) }, 'erasure could not delete a file');
    }
  }
  await deleteUploadRows(ctx.db, deleted);
  return { user_id: userId, erased_at: now.toISOString(), files_deleted: deleted.length, files_failed: failed, sessions_revoked: done.revoked };
}

type SheetLine = { section: string; field: string; value: string };

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return beijingTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function linesOf(section: string, record: Record<string, unknown>): SheetLine[] {
  return Object.entries(record).map(([field, value]) => ({ section, field, value: cellText(value) }));
}

/** The export as one sheet of 类别 / 项目 / 内容 lines: every table's rows read top to bottom, times in Beijing. */
export function studentDataSheet(data: StudentDataExport): Readable {
  const lines: SheetLine[] = [
    ...linesOf('账户', data.account),
    ...linesOf('学生档案', data.profile),
    ...linesOf('证件', data.identity),
    ...(data.application ? linesOf('申请表', data.application) : []),
    ...data.sections.flatMap((s) => s.rows.flatMap((row, i) => linesOf(s.rows.length > 1 ? `${s.label} ${i + 1}` : s.label, row))),
    ...data.uploads.flatMap((u, i) => linesOf(`上传文件 ${i + 1}`, u)),
  ];
  const columns: SheetColumn<SheetLine>[] = [
    { header: '类别', width: 18, value: (l) => l.section },
    { header: '项目', width: 24, value: (l) => l.field },
    { header: '内容', width: 80, value: (l) => l.value },
  ];
  return streamSheet('个人数据', columns, (async function* () {
    yield lines;
  })());
}
