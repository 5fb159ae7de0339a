import { PATHS } from '../../lib/paths.ts';
import type { RouteDef } from '../routes.ts';

/** Pages held in one hand mid-task, where the staff tabs would only crowd the roll call. */
const NO_STAFF_NAV: readonly string[] = [PATHS.teacherMobileCheckin, PATHS.adminMobileCheckin];
/** Every role's own account pages (default top bar): a logged-in teacher or staff member keeps the teacher tabs there. */
const STAFF_ACCOUNT_PAGES: readonly string[] = [PATHS.account, PATHS.accountSecurity];

/**
 * Which lasting navigation the shell draws under (staff) or below (student) the page (decision 088): a logged-in
 * student's pages with the default top bar get the tab bar; every page of the teacher area (teachers, TFs, CSLs,
 * staff and admins under the navy bar) gets the teacher tabs, and so do 我的账户 and 账号安全 when the one logged in is
 * a teacher or staff member (their tabs would otherwise vanish on their own account pages). Sub-pages with a back arrow, the public site and
 * the login flow get neither. Inside the WeChat mini-program the page has no top bar and the mini-program's own
 * tabs, so no tab bar either (the WeChat browser itself keeps it). Pure: tested in nav-model.test.ts.
 */
export function shellNavOf(route: Pick<RouteDef, 'topBar' | 'path'>, studentLoggedIn: boolean, miniProgram = false, staffLoggedIn = false): 'student' | 'staff' | null {
  if (staffLoggedIn && STAFF_ACCOUNT_PAGES.includes(route.path)) return 'staff';
  if (route.topBar === 'default' && studentLoggedIn) return miniProgram ? null : 'student';
  if (route.topBar === 'teacher' && !NO_STAFF_NAV.includes(route.path)) return 'staff';
  return null;
}
