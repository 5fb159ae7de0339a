import type { Fixture } from './double-submit.kit.ts';

/** The mission-x write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */
export const MISSION_X_FIXTURES: Record<string, Fixture> = {};
