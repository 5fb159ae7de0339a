import { PATHS } from '../../lib/paths.ts';
import type { RouteDef } from '../route-def.ts';

const studentQuiz = () => import('../../features/games/student-brain-olympics-page.tsx');
const siege = () => import('../../features/games/xii-siege-page.tsx');
const teacherQuiz = () => import('../../features/games/teacher-brain-olympics-page.tsx');

/** The games pages (decision 105); spread into ROUTES by ../routes.ts. */
export const GAMES_ROUTES: readonly RouteDef[] = [
  { path: PATHS.brainOlympics, title: '脑力奥赛', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: studentQuiz, gate: 'tuition-paid' },
  { path: PATHS.xiiSiege, title: '十二学院攻城', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: siege, gate: 'tuition-paid' },
  { path: PATHS.teacherBrainOlympics, title: '脑力奥赛', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: teacherQuiz },
];
