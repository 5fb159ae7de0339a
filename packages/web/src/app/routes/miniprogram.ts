import type { RouteDef } from '../route-def.ts';

/** The miniprogram pages (see its decision record); spread into ROUTES by ../routes.ts. */
export const MINIPROGRAM_ROUTES: readonly RouteDef[] = [];
