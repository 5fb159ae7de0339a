import { MSG, nameSchema, passwordSchema, phoneSchema } from '@summit/domain';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { isCommonPassword } from '../modules/auth/common-passwords.ts';
import { hashPassword } from '../lib/password.ts';
import { findAccountByPhone, insertAdminTeacher, promoteTeacherToAdmin } from '../modules/auth/auth.repo.ts';

/** A refusal the operator can act on; the CLI prints the message and exits non-zero. */
export class AdminAccountError extends Error {
  override readonly name = 'AdminAccountError';
}

export interface CreateAdminInput {
  phone: string;
  name?: string | undefined;
  /** Required for a new account; for an existing teacher, replaces the password only when given. */
  password?: string | undefined;
  argon2MemoryKib: number;
  now?: Date;
}

export interface CreateAdminResult {
  accountId: number;
  action: 'created' | 'promoted';
  phone: string;
}

const ROLE_NAMES = { student: '学生', teacher: '教师', school: '学校', sl: 'SL' } as const;

/** The domain's rule and its Chinese message, prefixed with the option it came from. */
function parseWith<T extends z.ZodType>(schema: T, value: unknown, field: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AdminAccountError(`${field}：${parsed.error.issues[0]?.message ?? '格式错误'}`);
}

/**
 * Creates an administrator (a teacher with is_admin and teacher type 9) or promotes an existing teacher,
 * and writes the change to audit_log. A phone that belongs to another role is refused: one account per
 * phone, one role per account (docs/decisions/004).
 */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreateAdminResult> {
  const phone = parseWith(phoneSchema, input.phone, '手机号');
  const name = input.name === undefined ? undefined : parseWith(nameSchema, input.name, '姓名');
  const password = input.password === undefined ? undefined : parseWith(passwordSchema, input.password, '密码');
  if (password !== undefined && isCommonPassword(password)) throw new AdminAccountError(`密码：${MSG.PASSWORD_TOO_COMMON}`);
  const now = input.now ?? new Date();
  const passwordHash = password === undefined ? undefined : await hashPassword(password, input.argon2MemoryKib);

  const existing = await findAccountByPhone(db, '86', phone);
  if (existing && existing.role !== 'teacher') {
    throw new AdminAccountError(`手机号 ${phone} 已是${ROLE_NAMES[existing.role]}账号，不能设为管理员`);
  }
  if (existing) {
    await promoteTeacherToAdmin(db, {
      accountId: existing.id,
      name,
      passwordHash,
      before: { is_admin: existing.isAdmin, teacher_type: existing.teacherType, name: existing.name },
      after: { is_admin: true, teacher_type: existing.teacherType, name: name ?? existing.name, password_changed: passwordHash !== undefined },
      now,
    });
    return { accountId: existing.id, action: 'promoted', phone };
  }
  if (name === undefined) throw new AdminAccountError('新建管理员需要姓名（--name）');
  if (passwordHash === undefined) throw new AdminAccountError('新建管理员需要密码');
  const createdId = await insertAdminTeacher(db, { phone, name, passwordHash, now });
  if (createdId === null) throw new AdminAccountError(`手机号 ${phone} 创建失败`);
  return { accountId: createdId, action: 'created', phone };
}

/** True when the phone has no account yet, so the CLI knows it must ask for a password. */
export async function adminPhoneIsNew(db: Db, phone: string): Promise<boolean> {
  const normalized = parseWith(phoneSchema, phone, '手机号');
  return (await findAccountByPhone(db, '86', normalized)) === undefined;
}

export interface CreateAdminArgs {
  phone: string;
  name?: string;
  password?: string;
}

export const CREATE_ADMIN_USAGE = 'npm run create-admin -- --phone 13800000000 --name 张三 [--password ...]  (no --password: read from stdin)';

/** `--phone 138… --name 张三 [--password …]`, also in `--key=value` form. */
export function parseCreateAdminArgs(argv: readonly string[]): CreateAdminArgs {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const match = /^--(phone|name|password)(?:=(.*))?$/.exec(arg);
    if (!match) throw new AdminAccountError(`未知参数 ${arg}\n用法：${CREATE_ADMIN_USAGE}`);
    const key = match[1] as string;
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new AdminAccountError(`--${key} 缺少值\n用法：${CREATE_ADMIN_USAGE}`);
    values[key] = value;
  }
  if (!values.phone) throw new AdminAccountError(`缺少 --phone\n用法：${CREATE_ADMIN_USAGE}`);
  return {
    phone: values.phone,
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.password !== undefined ? { password: values.password } : {}),
  };
}
