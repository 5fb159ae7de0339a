import { PATHS } from '../../lib/paths.ts';
import type { RouteDef } from '../route-def.ts';

const page = (path: string, title: string, usesAntd: boolean, load: RouteDef['load']): RouteDef => ({ path, title, role: 'public', topBar: 'default', footer: 'none', usesAntd, load });

/** The information seminar over WeCom (decision 099); spread into ROUTES by ../routes.ts. */
export const WECOM_SEMINAR_ROUTES: readonly RouteDef[] = [
  page(PATHS.wecomSeminar, '招生说明会报名', true, () => import('../../features/wecom-seminar/seminar-list-page.tsx')),
  page(PATHS.wecomSeminarDivide, '分配招生顾问', false, () => import('../../features/wecom-seminar/seminar-divide-page.tsx')),
  page(PATHS.wecomSeminarMiddle, '你的招生顾问', true, () => import('../../features/wecom-seminar/seminar-middle-page.tsx')),
  page(PATHS.wecomSeminarAdd, '添加招生顾问', true, () => import('../../features/wecom-seminar/seminar-add-page.tsx')),
  page(PATHS.wecomSeminarError, '说明会报名', false, () => import('../../features/wecom-seminar/seminar-error-page.tsx')),
];
