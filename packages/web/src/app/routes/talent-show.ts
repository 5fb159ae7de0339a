import type { RouteDef } from '../route-def.ts';

/** The talent-show pages (see its decision record); spread into ROUTES by ../routes.ts. */
export const TALENT_SHOW_ROUTES: readonly RouteDef[] = [];
