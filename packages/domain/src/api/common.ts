/** Building blocks shared by the endpoint schemas. */
import { z } from 'zod';
import { envelopeSchema, statusCodeSchema } from '../envelope.ts';
import { MSG } from '../messages.ts';

/** An instant as ISO 8601 with offset; the api sends `Date#toISOString()`. */
export const timestampSchema = z.iso.datetime({ offset: true });

export const idSchema = z.number().int().positive();

/** A positive integer id in a query string ("12" → 12). */
/** The largest id a PostgreSQL `integer` column holds: a larger id is a 4003, never a database error. */
export const DB_INT_MAX = 2_147_483_647;

export const queryIdSchema = z.coerce
  .number({ error: MSG.PARAM_INVALID })
  .int({ error: MSG.PARAM_INVALID })
  .positive({ error: MSG.PARAM_INVALID })
  .max(DB_INT_MAX, { error: MSG.PARAM_INVALID });

/** A string of at most `max` characters; longer input is a 4003, never stored or processed. */
export function boundedStringSchema(max: number) {
  return z.string({ error: MSG.PARAM_INVALID }).max(max, { error: MSG.PARAM_INVALID });
}

/** A request body object; a body that is not an object at all gets 参数格式错误. */
export function requestObjectSchema<S extends z.ZodRawShape>(shape: S) {
  return z.object(shape, { error: MSG.PARAM_INVALID });
}

/** The x-plat header. */
export const PLATFORMS = ['web', 'wechat', 'wechatweb'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const platSchema = z.enum(PLATFORMS);

/** Envelope of an endpoint that answers without data. */
export const emptyResponseSchema = z.object({ status: statusCodeSchema, msg: z.string() });

export const clockSchema = z.object({ now: z.number().int() });
export type Clock = z.infer<typeof clockSchema>;
export const clockResponseSchema = envelopeSchema(clockSchema);

/** Server time minus client time, in ms; add it to the client's clock to get server time (docs/api-contract.md). */
export function clockOffsetMs(serverNowMs: number, requestSentAtMs: number, responseReceivedAtMs: number): number {
  // The server read its clock about halfway through the round trip.
  // `+ 0` turns Math.round's -0 into 0.
  return Math.round(serverNowMs - (requestSentAtMs + responseReceivedAtMs) / 2) + 0;
}
