import { PATHS } from '../../lib/paths.ts';
import type { RouteDef } from '../route-def.ts';

const studentPage = () => import('../../features/mission-x/student-mission-x-page.tsx');
const teacherPage = () => import('../../features/mission-x/teacher-mission-x-page.tsx');

/** The mission-x pages (decision 101); spread into ROUTES by ../routes.ts. */
export const MISSION_X_ROUTES: readonly RouteDef[] = [
  { path: PATHS.cardMissionX, title: 'Mission X', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: studentPage, gate: 'tuition-paid' },
  { path: PATHS.teacherMissionX, title: 'Mission X 任务', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teacherPage },
];
