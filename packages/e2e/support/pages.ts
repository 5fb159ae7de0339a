// Every page the product has: the route list of docs/product/routes.tsv (one concrete path per route, with
// the role that opens it) less the routes not built yet. The phone pass (tests/phone-pages.spec.ts) opens them
// all at 375 px; when a route is built, take it off NOT_YET_BUILT and the pass covers it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type PageRole = 'public' | 'student' | 'teacher' | 'admin' | 'school' | 'sl' | 'any';

export interface ProductPage {
  path: string;
  /** public: no login; any: some login (a student's); the others: that role's demo account. */
  role: PageRole;
  area: string;
}

const ROUTES_TSV = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'product', 'routes.tsv');
const ROLES = new Set<string>(['public', 'student', 'teacher', 'admin', 'school', 'sl', 'any']);

/** Routes of the list that the product does not have yet (community, campaigns, the mini-program and WeCom). */
export const NOT_YET_BUILT: ReadonlySet<string> = new Set([
  '/student/manage/broadcasting-station',
  '/student/card/sbp',
  '/student/card/opening',
  '/student/card/ending',
  '/student/card/talent-show',
  '/student/card/hub',
  '/student/card/land',
  '/student/card/forum',
  '/student/card/coop',
  '/student/card/haa',
  '/student/aww/detail',
  '/debate',
  '/memory',
  '/memoryWX',
  '/xii-siege',
  '/student/talent-show',
  '/student/brain-olympics',
  '/poster/talent-hunt',
  '/poster/enroll',
  '/poster/hxweek/4zhong',
  '/poster/admission/1',
  '/poster/admission/1/4zhong',
  '/poster/admission-2/1',
  '/poster/honor',
  '/poster/sa',
  '/poster/sa/1/4zhong',
  '/teacher/talent-show',
  '/teacher/talent-show/rules',
  '/teacher/openning',
  '/teacher/ending',
  '/the-book-of-answers',
  '/land',
  '/poster/OPENID/1',
  '/take-lessons/poster',
  '/take-lessons/save-poster',
  '/take-lessons/help',
  '/take-lessons/detail',
  '/take-lessons/banner',
  '/thousand',
  '/thousand/submit',
  '/virtual-campus',
  '/cluster',
  // Built (decision 098), but the entry leaves for WeCom's authorize page at once: tests/wecom-signin.spec.ts covers it.
  '/wecom/oauth/entry',
  '/land-page',
]);

function readRoutes(): ProductPage[] {
  const rows = readFileSync(ROUTES_TSV, 'utf8').split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  return rows.map((line) => {
    const [routePath, role, area] = line.split('\t');
    if (!routePath?.startsWith('/') || !role || !ROLES.has(role)) throw new Error(`docs/product/routes.tsv: bad row ${JSON.stringify(line)}`);
    return { path: routePath, role: role as PageRole, area: area ?? '' };
  });
}

export const ALL_ROUTES: readonly ProductPage[] = readRoutes();
export const PRODUCT_PAGES: readonly ProductPage[] = ALL_ROUTES.filter((page) => !NOT_YET_BUILT.has(page.path));
