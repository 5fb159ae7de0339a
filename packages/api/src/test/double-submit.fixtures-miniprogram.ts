import type { Fixture } from './double-submit.kit.ts';

/** The miniprogram write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */
export const MINIPROGRAM_FIXTURES: Record<string, Fixture> = {};
