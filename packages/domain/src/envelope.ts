/**
 * The envelope's zod schemas (docs/product/errors.md). Apart from errors.ts so the status codes and their handling stay
 * zod-free for the web's first load (decision 018).
 */
import { z } from 'zod';
import { GATE_CODES, STATUS } from './errors.ts';

export const statusCodeSchema = z.union([
  z.literal(STATUS.OK),
  z.literal(STATUS.REDIRECT),
  z.literal(STATUS.LOGIN_REQUIRED),
  z.literal(STATUS.MESSAGE),
  z.literal(STATUS.PARAM),
  z.literal(STATUS.RELOAD),
  z.literal(STATUS.BACK),
  z.literal(STATUS.INTERNAL),
  z.enum(GATE_CODES),
]);

export function envelopeSchema<T extends z.ZodType>(dataSchema: T) {
  return z.object({ status: statusCodeSchema, msg: z.string(), data: dataSchema.optional() });
}

/** `data` of a 4003: which request field was wrong. */
export const paramErrorDataSchema = z.object({ field: z.string() });
/** `data` of a 302: where to go after showing the message. */
export const redirectDataSchema = z.object({ url: z.string() });

