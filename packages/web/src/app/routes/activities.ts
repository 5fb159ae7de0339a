import { PATHS } from '../../lib/paths.ts';
import type { RouteDef } from '../route-def.ts';

const hub = () => import('../../features/activities/hub-page.tsx');
const card = () => import('../../features/activities/activity-card-page.tsx');
const teacherCeremony = () => import('../../features/activities/teacher-ceremony-page.tsx');
const studentPage = (path: string, title: string, load: RouteDef['load']): RouteDef => ({ path, title, role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load, gate: 'tuition-paid' });

/** The activities pages (decision 100); spread into ROUTES by ../routes.ts. */
export const ACTIVITIES_ROUTES: readonly RouteDef[] = [
  studentPage(PATHS.cardHub, '活动中心', hub),
  studentPage(PATHS.cardOpening, '开营典礼', card),
  studentPage(PATHS.cardEnding, '结营典礼', card),
  studentPage(PATHS.cardSbp, 'SBP 项目', card),
  studentPage(PATHS.cardLand, '城市见面会', card),
  studentPage(PATHS.cardHaa, 'HAA 学术奖', card),
  studentPage(PATHS.cardCoop, '合作项目', card),
  { path: PATHS.teacherOpening, title: '开营典礼', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teacherCeremony },
  { path: PATHS.teacherEnding, title: '结营典礼', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teacherCeremony },
];
