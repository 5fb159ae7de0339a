/** The storage module's published reads: an upload's record by key. */
export { findUploadByKey, type UploadRow } from './storage.repo.ts';
