/**
 * Subpath kept for the api's imports (`@summit/domain/account-limits`): it needs the limits without the
 * rest of the domain. The values live in constants.ts, so there is one definition.
 */
export { ACCOUNT_LIMITS } from './constants.ts';
