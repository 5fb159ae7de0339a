import type { Fixture } from './double-submit.kit.ts';

/** The badges write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */
export const BADGES_FIXTURES: Record<string, Fixture> = {};
