/** The e-mail module's published write: a message queued in the caller's transaction (the outbox sends it). */
export { insertMailOutbox } from './email.repo.ts';
