import { PATHS } from '../../lib/paths.ts';
import type { RouteDef } from '../route-def.ts';

const cluster = () => import('../../features/campus/cluster-page.tsx');

/** The campus pages (decision 106); spread into ROUTES by ../routes.ts. */
export const CAMPUS_ROUTES: readonly RouteDef[] = [
  { path: PATHS.cluster, title: '兴趣社团', role: 'student', topBar: 'default', footer: 'default', usesAntd: false, load: cluster, gate: 'tuition-paid' },
];
