import type { RouteDef } from '../route-def.ts';

/** The badges pages (see its decision record); spread into ROUTES by ../routes.ts. */
export const BADGES_ROUTES: readonly RouteDef[] = [];
