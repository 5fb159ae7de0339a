import { PAGES } from '@summit/domain/pages';
import type { Role } from './auth-storage.ts';
import { PATHS } from './paths.ts';

/**
 * The person's own home, where 返回首页 on a 404 or an error page leads: a student their account (/account), a
 * teacher /teacher, an administrator /admin, a school its portal, a student leader theirs, a visitor the site's
 * home page. `isAdmin` is known once the session's info has loaded; until then a teacher goes to /teacher.
 */
export function homePathOf(role: Role | null, isAdmin = false): string {
  switch (role) {
    case 'student':
      return PATHS.account;
    case 'teacher':
      return isAdmin ? PATHS.admin : PATHS.teacher;
    case 'school':
      return PAGES.school;
    case 'sl':
      return PAGES.slHome;
    default:
      return PATHS.home;
  }
}
