import type { Fixture } from './double-submit.kit.ts';

/** The talent-show write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */
export const TALENT_SHOW_FIXTURES: Record<string, Fixture> = {};
