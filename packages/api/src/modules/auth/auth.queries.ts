/** The auth module's published reads: an account by id, and the dev SMS outbox. */
export { findAccountById, listOutbox } from './auth.repo.ts';
