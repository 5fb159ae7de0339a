import { PATHS } from '../../lib/paths.ts';
import type { RouteDef } from '../route-def.ts';

const page = (path: string, title: string, load: RouteDef['load']): RouteDef => ({ path, title, role: 'public', topBar: 'default', footer: 'none', usesAntd: false, load });

/** The WeCom sign-in pages (decision 098); spread into ROUTES by ../routes.ts. The binding itself happens on /register. */
export const WECOM_SIGNIN_ROUTES: readonly RouteDef[] = [
  page(PATHS.wecomEntry, '企业微信登录', () => import('../../features/wecom/wecom-entry-page.tsx')),
  page(PATHS.wecomMiddle, '企业微信登录', () => import('../composed/wecom-middle-page.tsx')),
  page(PATHS.wecomSuccess, '企业微信登录成功', () => import('../../features/wecom/wecom-success-page.tsx')),
  page(PATHS.wecomFail, '企业微信登录失败', () => import('../../features/wecom/wecom-fail-page.tsx')),
  page(`${PATHS.wecomFail}/:type`, '企业微信登录失败', () => import('../../features/wecom/wecom-fail-page.tsx')),
];
