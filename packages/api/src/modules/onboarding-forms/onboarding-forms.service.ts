import ExcelJS from 'exceljs';
import {
  AppError,
  MSG,
  ONBOARDING_FORM_NAMES,
  ONBOARDING_FORM_MSG,
  STATUS,
  cleanOnboardingValue,
  isOnboardingFormName,
  type AdminHealthRecord,
  type OnboardingDraftProblem,
  type OnboardingFormName,
  type StaffPermissionList,
  type StudentFormRecord,
  type UploadedFile,
} from '@summit/domain';
import type { AuthState } from '../../http/auth-state.ts';
import type { AppContext } from '../../http/context.ts';
import { dataKey, decryptField, encryptField } from '../auth/mfa-crypto.ts';
import {
  findChecklistUploads,
  findFormRows,
  findStudentGate,
  hasHealthRead,
  isAdminAccount,
  listAdminPermissions,
  listSubmittedForms,
  setHealthReadAudited,
  studentExists,
  writeAudit,
  writeForm,
  type FormRow,
} from './onboarding-forms.repo.ts';

/**
 * The onboarding forms (decision 046) and the health-data rules (decision 047). The health form is stored as
 * `{ciphertext}` (AES-256-GCM under DATA_ENCRYPTION_KEY, bound to its student by the associated data); staff
 * read it only with the health_read permission, and every staff read (and refused attempt) is an audit row.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const healthAad = (accountId: number) => `health-form:${accountId}`;

export const HEALTH_UNREADABLE = '健康信息无法读取，请联系项目组';

export const HEALTH_AUDIT = { entity: 'health_form', read: 'health.read', denied: 'health.read.denied' } as const;

/** docs/product/users-and-roles.md: admission pages need an offer and paid tuition (403-10 otherwise). */
export async function assertAdmittedAndPaid(ctx: AppContext, accountId: number): Promise<void> {
  const gate = await findStudentGate(ctx.db, accountId);
  if (!gate || gate.offerLetter !== 1 || gate.tuitionPaidAt === null) throw AppError.gate(STATUS.GATE_OFFER);
}

async function sealHealth(ctx: AppContext, accountId: number, value: unknown): Promise<{ ciphertext: string }> {
  return { ciphertext: encryptField(await dataKey(ctx), JSON.stringify(value), healthAad(accountId)) };
}

async function openHealth(ctx: AppContext, accountId: number, stored: unknown): Promise<Record<string, unknown>> {
  const ciphertext = (stored as { ciphertext?: unknown } | null)?.ciphertext;
  if (typeof ciphertext !== 'string') return {};
  try {
    return JSON.parse(decryptField(await dataKey(ctx), ciphertext, healthAad(accountId))) as Record<string, unknown>;
  } catch {
    // A ciphertext moved to another student's row, or a changed key: say so, never fall back to anything.
    throw AppError.message(HEALTH_UNREADABLE);
  }
}

async function recordOf(ctx: AppContext, accountId: number, row: FormRow): Promise<StudentFormRecord> {
  const name = row.formName as OnboardingFormName;
  const plain = name === 'health' ? await openHealth(ctx, accountId, row.value) : row.value;
  // A submitted value passed the full schema when written; a draft is cleaned on the way out as well.
  const value = row.submittedAt ? plain : cleanOnboardingValue(name, plain);
  return { form_name: name, submitted_at: iso(row.submittedAt), value };
}

/** POST /api/student/form for an onboarding form: a draft or a submission. */
export async function saveOnboardingForm(
  ctx: AppContext,
  auth: AuthState,
  body: { form_name: OnboardingFormName; value: unknown; draft: boolean; invalid: OnboardingDraftProblem[] },
): Promise<{ record: StudentFormRecord; msg: string }> {
  await assertAdmittedAndPaid(ctx, auth.accountId);
  const stored = body.form_name === 'health' ? await sealHealth(ctx, auth.accountId, body.value) : body.value;
  const row = await writeForm(ctx.db, { accountId: auth.accountId, formName: body.form_name, value: stored, submit: !body.draft, now: ctx.now() });
  if (!row) throw AppError.message(ONBOARDING_FORM_MSG.ALREADY_SUBMITTED);
  const record = await recordOf(ctx, auth.accountId, row);
  if (!body.draft) return { record, msg: ONBOARDING_FORM_MSG.SUBMITTED };
  const first = body.invalid[0];
  // The draft kept the good fields; the message names what it could not keep, so nothing is lost silently.
  return { record, msg: first ? `${ONBOARDING_FORM_MSG.DRAFT_SAVED}（${first.field}：${first.msg}${body.invalid.length > 1 ? ` 等${body.invalid.length}项未保存` : '未保存'}）` : ONBOARDING_FORM_MSG.DRAFT_SAVED };
}

/** GET /api/student/form for onboarding names: the caller's own records (health decrypted for its owner). */
export async function getOwnOnboardingForms(ctx: AppContext, auth: AuthState, names: readonly OnboardingFormName[]): Promise<StudentFormRecord[]> {
  if (names.length === 0) return [];
  await assertAdmittedAndPaid(ctx, auth.accountId);
  const rows = await findFormRows(ctx.db, auth.accountId, names);
  return Promise.all(rows.map((row) => recordOf(ctx, auth.accountId, row)));
}

export function splitFormNames<T extends string>(names: readonly T[]): { onboarding: OnboardingFormName[]; other: T[] } {
  const onboarding: OnboardingFormName[] = [];
  const other: T[] = [];
  for (const n of names) {
    if (isOnboardingFormName(n)) onboarding.push(n);
    else other.push(n);
  }
  return { onboarding, other };
}

// Staff ------------------------------------------------------------------------------------------------------

async function assertStudent(ctx: AppContext, studentId: number): Promise<void> {
  if (!(await studentExists(ctx.db, studentId))) throw AppError.param('student_id', MSG.PARAM_INVALID);
}

/** GET /api/admin/onboarding/students/:id/forms: basic, previous and address (health has its own route), and the checklist's uploads. */
export async function getStudentFormsForStaff(ctx: AppContext, studentId: number) {
  await assertStudent(ctx, studentId);
  const names = ONBOARDING_FORM_NAMES.filter((n) => n !== 'health');
  const rows = await findFormRows(ctx.db, studentId, names);
  return {
    student_id: studentId,
    forms: names.map((name) => {
      const row = rows.find((r) => r.formName === name);
      return { form_name: name, submitted_at: iso(row?.submittedAt ?? null), value: row ? cleanOrSubmitted(name, row) : null };
    }),
    uploads: (await findChecklistUploads(ctx.db, studentId)).map((u) => ({ key: u.key, submitted_at: u.submittedAt.toISOString(), file: (u.value as { file: UploadedFile }).file })),
  };
}

function cleanOrSubmitted(name: OnboardingFormName, row: FormRow): Record<string, unknown> {
  return row.submittedAt ? (row.value as Record<string, unknown>) : cleanOnboardingValue(name, row.value);
}

/** GET /api/admin/onboarding/students/:id/health: permission first, then one audit row per read. */
export async function readHealthForStaff(ctx: AppContext, auth: AuthState, studentId: number): Promise<AdminHealthRecord> {
  const now = ctx.now();
  if (!(await hasHealthRead(ctx.db, auth.accountId))) {
    await writeAudit(ctx.db, { actorId: auth.accountId, action: HEALTH_AUDIT.denied, entity: HEALTH_AUDIT.entity, entityId: String(studentId), now });
    throw new AppError(STATUS.MESSAGE, ONBOARDING_FORM_MSG.HEALTH_NO_PERMISSION, { httpStatus: 403 });
  }
  await assertStudent(ctx, studentId);
  const [row] = await findFormRows(ctx.db, studentId, ['health']);
  // The audit row is written before the data leaves: a read that cannot be recorded does not happen.
  await writeAudit(ctx.db, { actorId: auth.accountId, action: HEALTH_AUDIT.read, entity: HEALTH_AUDIT.entity, entityId: String(studentId), after: { submitted_at: iso(row?.submittedAt ?? null) }, now });
  if (!row) return { student_id: studentId, submitted_at: null, value: null };
  const value = await openHealth(ctx, studentId, row.value);
  return { student_id: studentId, submitted_at: iso(row.submittedAt), value: row.submittedAt ? value : cleanOnboardingValue('health', value) };
}

export async function listStaffPermissions(ctx: AppContext, auth: AuthState): Promise<StaffPermissionList> {
  const rows = await listAdminPermissions(ctx.db);
  return {
    items: rows.map((r) => ({ account_id: r.accountId, name: r.name, phone: r.phone, health_read: r.healthRead === true })),
    me: { health_read: await hasHealthRead(ctx.db, auth.accountId) },
  };
}

/** PUT /api/admin/staff-permissions/:id: only onto an admin account; audited with before and after. */
export async function setStaffHealthRead(ctx: AppContext, auth: AuthState, accountId: number, healthRead: boolean): Promise<StaffPermissionList> {
  if (!(await isAdminAccount(ctx.db, accountId))) throw AppError.param('account_id', '只能授权给管理员账号');
  await setHealthReadAudited(ctx.db, { actorId: auth.accountId, accountId, healthRead, now: ctx.now() });
  return listStaffPermissions(ctx, auth);
}

/** The courier's sheet: one row per submitted mailing address. */
export async function exportAddresses(ctx: AppContext): Promise<Buffer> {
  const rows = await listSubmittedForms(ctx.db, 'address');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('邮寄地址');
  sheet.columns = [
    { header: '学生ID', key: 'id', width: 10 },
    { header: '学生姓名', key: 'student', width: 14 },
    { header: '学生手机', key: 'student_phone', width: 16 },
    { header: '收件人', key: 'recipient', width: 14 },
    { header: '收件电话', key: 'phone', width: 16 },
    { header: '省市区', key: 'area', width: 28 },
    { header: '详细地址', key: 'detail', width: 40 },
    { header: '邮编', key: 'postcode', width: 10 },
    { header: '提交时间', key: 'submitted', width: 20 },
  ];
  for (const r of rows) {
    const v = (r.value ?? {}) as Record<string, unknown>;
    const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : '');
    sheet.addRow({
      id: r.accountId,
      student: r.name,
      student_phone: r.phone,
      recipient: text('recipient'),
      phone: text('phone'),
      area: text('area_str'),
      detail: text('detail'),
      postcode: text('postcode'),
      submitted: r.submittedAt ? new Date(r.submittedAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') : '',
    });
  }
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
