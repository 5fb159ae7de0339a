import type { RouteDef } from '../route-def.ts';

/** The mission-x pages (see its decision record); spread into ROUTES by ../routes.ts. */
export const MISSION_X_ROUTES: readonly RouteDef[] = [];
