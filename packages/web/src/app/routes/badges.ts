import { PATHS } from '../../lib/paths.ts';
import type { RouteDef } from '../route-def.ts';

const myBadges = () => import('../../features/badges/my-badges-page.tsx');
const honorRoll = () => import('../../features/badges/honor-roll-page.tsx');
const verify = () => import('../../features/badges/badge-verify-page.tsx');

/** The badges pages (decision 104); spread into ROUTES by ../routes.ts. */
export const BADGES_ROUTES: readonly RouteDef[] = [
  { path: PATHS.badges, title: '我的徽章', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: myBadges, gate: 'tuition-paid' },
  { path: PATHS.cardHonor, title: '荣誉榜', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: honorRoll, gate: 'tuition-paid' },
  { path: PATHS.badgeVerify, title: '徽章验证', role: 'public', topBar: 'default', footer: 'default', usesAntd: true, load: verify },
];
