import { PATHS } from '../../lib/paths.ts';
import type { RouteDef } from '../route-def.ts';

const galleryPage = () => import('../../features/talent-show/student-talent-show-page.tsx');
const cardPage = () => import('../../features/talent-show/talent-show-card-page.tsx');
const judgingPage = () => import('../../features/talent-show/teacher-talent-show-page.tsx');
const rulesPage = () => import('../../features/talent-show/talent-show-rules-page.tsx');

/** The talent-show pages (decision 103); spread into ROUTES by ../routes.ts. */
export const TALENT_SHOW_ROUTES: readonly RouteDef[] = [
  { path: PATHS.studentTalentShow, title: '才艺秀', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: galleryPage, gate: 'tuition-paid' },
  { path: PATHS.cardTalentShow, title: '才艺秀', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: cardPage, gate: 'tuition-paid' },
  { path: PATHS.teacherTalentShow, title: '才艺秀评审', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: judgingPage },
  { path: PATHS.teacherTalentShowRules, title: '才艺秀评选规则', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: rulesPage },
];
