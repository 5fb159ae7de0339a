import { randomInt } from 'node:crypto';
import {
  AppError,
  STAFF_MSG,
  STAFF_PASSWORD_LENGTH,
  isAdminTeacher,
  permissionsOf,
  type StaffAccount,
  type StaffCreateRequest,
  type StaffList,
  type StaffListQuery,
  type StaffSaved,
  type StaffUpdateRequest,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { hashPassword } from '../../lib/password.ts';
import * as repo from './staff.repo.ts';

const DEFAULT_PAGE_SIZE = 20;
// No 0/O, 1/l/I: the administrator reads the password out or types it into a message.
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%*?';
const ALPHABET = LOWER + UPPER + DIGITS + SYMBOLS;

/** A first password from the OS CSPRNG with one of each class, so any "must contain" rule a school keeps is met. */
export function generatePassword(length = STAFF_PASSWORD_LENGTH): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(ALPHABET));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

function accountOf(r: repo.StaffRow): StaffAccount {
  const teacher = r.role === 'teacher';
  const isAdmin = teacher && isAdminTeacher(r.teacherType ?? 0, r.isAdmin);
  return {
    id: r.id,
    kind: teacher ? 'teacher' : 'school',
    phone: r.phone,
    name: r.name,
    type: teacher ? r.teacherType : null,
    is_admin: isAdmin,
    school_id: r.schoolId,
    school_name: r.schoolName,
    disabled: r.disabledAt !== null,
    created_at: r.createdAt.toISOString(),
    permissions: permissionsOf({ role: r.role, teacherType: r.teacherType, isAdmin }),
  };
}

async function loadStaff(ctx: AppContext, id: number): Promise<repo.StaffRow> {
  const row = await repo.findStaff(ctx.db, id);
  // Students and student leaders are not staff: the same answer as an unknown id, so ids tell nothing.
  if (!row || (row.role !== 'teacher' && row.role !== 'school')) throw AppError.notFound(STAFF_MSG.NOT_FOUND);
  return row;
}

export async function listStaff(ctx: AppContext, q: StaffListQuery): Promise<StaffList> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const { items, total } = await repo.listStaff(ctx.db, { q: q.q, kind: q.kind, type: q.type, page, pageSize });
  return { items: items.map(accountOf), total, page, page_size: pageSize };
}

export async function createStaff(ctx: AppContext, auth: AuthState, input: StaffCreateRequest): Promise<StaffSaved> {
  if (input.kind === 'school' && !(await repo.schoolExists(ctx.db, input.school_id!))) throw AppError.param('school_id', STAFF_MSG.SCHOOL_NOT_FOUND);
  const password = generatePassword();
  const id = await repo.insertStaff(ctx.db, {
    role: input.kind,
    phone: input.phone,
    name: input.name,
    teacherType: input.kind === 'teacher' ? input.type! : null,
    isAdmin: input.kind === 'teacher' && (input.is_admin ?? false),
    schoolId: input.kind === 'school' ? input.school_id! : null,
    passwordHash: await hashPassword(password, ctx.env.ARGON2_MEMORY_KIB),
    actorId: auth.accountId,
    now: ctx.now(),
  });
  if (id === null) throw AppError.param('phone', STAFF_MSG.PHONE_TAKEN);
  return { account: accountOf(await loadStaff(ctx, id)), password };
}

export async function updateStaff(ctx: AppContext, auth: AuthState, id: number, input: StaffUpdateRequest): Promise<StaffSaved> {
  const current = await loadStaff(ctx, id);
  const teacher = current.role === 'teacher';
  if (!teacher && (input.type !== undefined || input.is_admin !== undefined)) throw AppError.param(input.type !== undefined ? 'type' : 'is_admin', STAFF_MSG.TEACHER_ONLY_FIELD);
  if (teacher && input.school_id !== undefined) throw AppError.param('school_id', STAFF_MSG.TEACHER_ONLY_FIELD);
  if (id === auth.accountId) {
    // An administrator cannot lock themselves out; another administrator can.
    const staysAdmin = isAdminTeacher(input.type ?? current.teacherType ?? 0, input.is_admin ?? current.isAdmin);
    if (input.disabled === true || !staysAdmin) throw AppError.message(STAFF_MSG.SELF_LOCKOUT);
  }
  if (input.school_id !== undefined && !(await repo.schoolExists(ctx.db, input.school_id))) throw AppError.param('school_id', STAFF_MSG.SCHOOL_NOT_FOUND);
  const password = input.reset_password ? generatePassword() : null;
  const done = await repo.updateStaff(
    ctx.db,
    id,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.type !== undefined ? { teacherType: input.type } : {}),
      ...(input.is_admin !== undefined ? { isAdmin: input.is_admin } : {}),
      ...(input.school_id !== undefined ? { schoolId: input.school_id } : {}),
      ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
      ...(password !== null ? { passwordHash: await hashPassword(password, ctx.env.ARGON2_MEMORY_KIB) } : {}),
    },
    auth.accountId,
    ctx.now(),
  );
  if (!done) throw AppError.notFound(STAFF_MSG.NOT_FOUND);
  // Every process drops its cached sessions of the account: ended ones stop at once, and a changed type or admin
  // flag takes effect on the next request rather than when the cache entry runs out.
  ctx.bus.publish({ channel: 'account-revoked', accountId: id });
  return { account: accountOf(await loadStaff(ctx, id)), password };
}
