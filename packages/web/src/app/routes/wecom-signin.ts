import type { RouteDef } from '../route-def.ts';

/** The wecom-signin pages (see its decision record); spread into ROUTES by ../routes.ts. */
export const WECOM_SIGNIN_ROUTES: readonly RouteDef[] = [];
