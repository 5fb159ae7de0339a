import { z } from 'zod';

export function ok<T>(data: T, msg = 'ok') {
  return { status: 200 as const, msg, data };
}

/** Documents the success envelope in OpenAPI and strips unknown fields on the way out. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(200), msg: z.string(), data });
}

export const emptyEnvelopeSchema = z.object({ status: z.literal(200), msg: z.string(), data: z.null().optional() });
