import type { RouteDef } from '../route-def.ts';

/** The forum pages (see its decision record); spread into ROUTES by ../routes.ts. */
export const FORUM_ROUTES: readonly RouteDef[] = [];
