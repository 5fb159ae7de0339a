/** Tracking (bury-dot) events. */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { boundedStringSchema, emptyResponseSchema, requestObjectSchema } from './common.ts';

/** Serialized payload bound: tracking is best-effort, never a way to store large blobs. */
export const TRACKING_PAYLOAD_MAX_CHARS = 4_096;

/** `ip` is the locally stored anonymous id, not an address. */
export const buryDotRequestSchema = requestObjectSchema({
  event: boundedStringSchema(100).trim().min(1, { error: MSG.PARAM_INVALID }),
  ip: boundedStringSchema(64).trim().min(1, { error: MSG.PARAM_INVALID }),
  payload: z
    .record(z.string().max(100), z.unknown(), { error: MSG.PARAM_INVALID })
    .refine((value) => JSON.stringify(value).length <= TRACKING_PAYLOAD_MAX_CHARS, { error: MSG.PARAM_INVALID })
    .optional(),
});
export type BuryDotRequest = z.infer<typeof buryDotRequestSchema>;
export const buryDotResponseSchema = emptyResponseSchema;
