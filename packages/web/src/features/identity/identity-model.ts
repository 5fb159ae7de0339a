import type { Role } from '../../lib/auth-storage.ts';
import { homePathOf } from '../../lib/home-path.ts';

export const ROLE_LABELS: Record<Role, string> = { student: '学生', teacher: '教师', school: '学校', sl: '学生领袖' };

/** What /changeId knows about one kept login. */
export type IdentityState =
  | { kind: 'loading' }
  | { kind: 'ok'; name: string; phone: string; isAdmin: boolean }
  | { kind: 'expired' }
  | { kind: 'error' };

export function roleLabel(role: Role, isAdmin: boolean): string {
  return role === 'teacher' && isAdmin ? '管理员' : ROLE_LABELS[role];
}

/** The landing of a role other than student (docs/product/states.md's order): its home. Students go to their progress page. */
export function staffLanding(role: Exclude<Role, 'student'>, isAdmin: boolean): string {
  return homePathOf(role, isAdmin);
}
