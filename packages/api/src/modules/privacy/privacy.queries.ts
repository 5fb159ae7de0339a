/** The privacy module's published identity reads and writes (the applicant's ID document), for the application. */
export { findIdentity, upsertIdentity, type IdentityWrite } from './identity.repo.ts';
