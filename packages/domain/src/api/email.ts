/** Endpoint schemas of e-mail verification (decision 027). */
import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { boundedStringSchema, requestObjectSchema, timestampSchema } from './common.ts';

/** GET /api/student/email/status and the answer of POST /api/student/email/verify/send. */
export const emailVerificationStatusSchema = z.object({
  /** The account's e-mail, or null when none is on file. */
  email: z.string().nullable(),
  verified: z.boolean(),
  verified_at: timestampSchema.nullable(),
  /** When the latest verification e-mail to this address was sent, if any. */
  last_sent_at: timestampSchema.nullable(),
  /** Seconds until another e-mail may be sent (0 = now). */
  resend_in: z.number().int().min(0),
});
export type EmailVerificationStatus = z.infer<typeof emailVerificationStatusSchema>;
export const emailVerificationStatusResponseSchema = envelopeSchema(emailVerificationStatusSchema);

/** GET /api/email/validate?token=… — the link in the e-mail (any string: a wrong one is the fail page). */
export const emailValidateQuerySchema = requestObjectSchema({ token: boundedStringSchema(200).optional() });

/** GET /api/dev/mail-outbox?to=… (demo mode only). */
export const mailOutboxQuerySchema = requestObjectSchema({ to: boundedStringSchema(254).optional() });
export const mailOutboxItemSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: timestampSchema,
});
export type MailOutboxItem = z.infer<typeof mailOutboxItemSchema>;
