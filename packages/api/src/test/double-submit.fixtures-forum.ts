import type { Fixture } from './double-submit.kit.ts';

/** The forum write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */
export const FORUM_FIXTURES: Record<string, Fixture> = {};
