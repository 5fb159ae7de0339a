import type { RouteDef } from '../route-def.ts';
import { PATHS } from '../../lib/paths.ts';

/** The forum pages (decision 102); spread into ROUTES by ../routes.ts. Students need paid tuition, like the class pages. */
export const FORUM_ROUTES: readonly RouteDef[] = [
  { path: PATHS.studentForum, title: '论坛', role: 'student', topBar: 'default', footer: 'default', usesAntd: true, load: () => import('../../features/forum/forum-page.tsx'), gate: 'tuition-paid' },
  { path: PATHS.teacherForum, title: '论坛', role: 'teacher', topBar: 'teacher', footer: 'none', usesAntd: true, load: () => import('../../features/forum/teacher-forum-page.tsx') },
];
