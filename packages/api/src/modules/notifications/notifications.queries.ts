/** The notifications' published entry point for writing an SMS in the caller's transaction (delivered after commit). */
export { enqueueNotification } from './notifications.repo.ts';
