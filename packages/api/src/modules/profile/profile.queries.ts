/** The student profile's published reads: the account and profile row of a student. */
export { findStudent } from './profile.repo.ts';
