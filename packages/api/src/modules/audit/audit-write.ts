/** The audit log's published write: other modules record audit rows through this file, not the repo. */
export { recordAudit, type AuditWrite } from './audit-write.repo.ts';
