import type { Fixture } from './double-submit.kit.ts';

/** The wecom-seminar write routes for the double-submit suite (decision 092); see double-submit.kit.ts for the helpers. */
export const WECOM_SEMINAR_FIXTURES: Record<string, Fixture> = {};
