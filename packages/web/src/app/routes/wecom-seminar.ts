import type { RouteDef } from '../route-def.ts';

/** The wecom-seminar pages (see its decision record); spread into ROUTES by ../routes.ts. */
export const WECOM_SEMINAR_ROUTES: readonly RouteDef[] = [];
