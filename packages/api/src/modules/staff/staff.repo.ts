/**
 * Staff accounts (decision 063): teacher and school rows of `accounts`. Every write records its audit_log row,
 * with before and after, in the same transaction; a disabled account's sessions end in that transaction too.
 */
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, authTokens, schools } from '../../db/schema.ts';

export const STAFF_AUDIT_ENTITY = 'account';
const STAFF_ROLES = ['teacher', 'school'] as const;

export interface StaffRow {
  id: number;
  role: 'student' | 'teacher' | 'school' | 'sl';
  phone: string;
  name: string;
  teacherType: number | null;
  isAdmin: boolean;
  schoolId: number | null;
  schoolName: string | null;
  disabledAt: Date | null;
  createdAt: Date;
}

const staffColumns = {
  id: accounts.id,
  role: accounts.role,
  phone: accounts.phone,
  name: accounts.name,
  teacherType: accounts.teacherType,
  isAdmin: accounts.isAdmin,
  schoolId: accounts.schoolId,
  schoolName: schools.name,
  disabledAt: accounts.disabledAt,
  createdAt: accounts.createdAt,
};

/** What the audit log keeps of an account: never its password hash. */
export function auditSnapshot(r: Pick<StaffRow, 'role' | 'name' | 'teacherType' | 'isAdmin' | 'schoolId' | 'disabledAt'>) {
  return { role: r.role, name: r.name, teacher_type: r.teacherType, is_admin: r.isAdmin, school_id: r.schoolId, disabled: r.disabledAt !== null };
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listStaff(
  db: Db,
  f: { q?: string | undefined; kind?: 'teacher' | 'school' | undefined; type?: number | undefined; page: number; pageSize: number },
): Promise<{ items: StaffRow[]; total: number }> {
  const conds: SQL[] = [f.kind ? eq(accounts.role, f.kind) : inArray(accounts.role, [...STAFF_ROLES])];
  if (f.type !== undefined) conds.push(eq(accounts.teacherType, f.type), eq(accounts.role, 'teacher'));
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    const either: SQL[] = [ilike(accounts.name, like), ilike(accounts.phone, like), ilike(schools.name, like)];
    if (/^\d{1,9}$/.test(f.q)) either.push(eq(accounts.id, Number(f.q)));
    conds.push(or(...either)!);
  }
  const where = and(...conds);
  const [rows, [n]] = await Promise.all([
    db
      .select(staffColumns)
      .from(accounts)
      .leftJoin(schools, eq(schools.id, accounts.schoolId))
      .where(where)
      .orderBy(desc(accounts.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(accounts).leftJoin(schools, eq(schools.id, accounts.schoolId)).where(where),
  ]);
  return { items: rows, total: n?.n ?? 0 };
}

export async function findStaff(db: Db, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select(staffColumns).from(accounts).leftJoin(schools, eq(schools.id, accounts.schoolId)).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function schoolExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, id)).limit(1);
  return row !== undefined;
}

/** Inserts the account and its audit row; null when the phone is taken (the unique index decides, races too). */
export async function insertStaff(
  db: Db,
  input: { role: 'teacher' | 'school'; phone: string; name: string; teacherType: number | null; isAdmin: boolean; schoolId: number | null; passwordHash: string; actorId: number; now: Date },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accounts)
      .values({ role: input.role, phoneCode: '86', phone: input.phone, name: input.name, teacherType: input.teacherType, isAdmin: input.isAdmin, schoolId: input.schoolId, passwordHash: input.passwordHash, createdAt: input.now, updatedAt: input.now })
      .onConflictDoNothing({ target: [accounts.phoneCode, accounts.phone] })
      .returning({ id: accounts.id });
    if (!row) return null;
    await tx.insert(auditLog).values({
      actorId: input.actorId,
      action: 'staff.create',
      entity: STAFF_AUDIT_ENTITY,
      entityId: String(row.id),
      before: null,
      after: { ...auditSnapshot({ ...input, disabledAt: null }), phone: input.phone },
      createdAt: input.now,
    });
    return row.id;
  });
}

export interface StaffPatch {
  name?: string;
  teacherType?: number;
  isAdmin?: boolean;
  schoolId?: number;
  disabled?: boolean;
  passwordHash?: string;
}

/**
 * Applies the patch under a row lock and audits it. Disabling or a new password ends every live session in the
 * same transaction; returns the number of sessions ended, or null when the account is gone.
 */
export async function updateStaff(db: Db, id: number, patch: StaffPatch, actorId: number, now: Date): Promise<{ revoked: number } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
    if (!before) return null;
    const disabledAt = patch.disabled === undefined ? before.disabledAt : patch.disabled ? (before.disabledAt ?? now) : null;
    const [after] = await tx
      .update(accounts)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.teacherType !== undefined ? { teacherType: patch.teacherType } : {}),
        ...(patch.isAdmin !== undefined ? { isAdmin: patch.isAdmin } : {}),
        ...(patch.schoolId !== undefined ? { schoolId: patch.schoolId } : {}),
        ...(patch.passwordHash !== undefined ? { passwordHash: patch.passwordHash } : {}),
        disabledAt,
        updatedAt: now,
      })
      .where(eq(accounts.id, id))
      .returning();
    let revoked = 0;
    if ((disabledAt !== null && before.disabledAt === null) || patch.passwordHash !== undefined) {
      const ended = await tx
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(eq(authTokens.accountId, id), isNull(authTokens.revokedAt)))
        .returning({ id: authTokens.id });
      revoked = ended.length;
    }
    await tx.insert(auditLog).values({
      actorId,
      action: patch.passwordHash !== undefined ? 'staff.password_reset' : 'staff.update',
      entity: STAFF_AUDIT_ENTITY,
      entityId: String(id),
      before: auditSnapshot(before),
      after: { ...auditSnapshot(after!), ...(revoked > 0 ? { sessions_ended: revoked } : {}) },
      createdAt: now,
    });
    return { revoked };
  });
}
