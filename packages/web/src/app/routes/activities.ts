import type { RouteDef } from '../route-def.ts';

/** The activities pages (see its decision record); spread into ROUTES by ../routes.ts. */
export const ACTIVITIES_ROUTES: readonly RouteDef[] = [];
