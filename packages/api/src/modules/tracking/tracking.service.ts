import { AppError, MSG } from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import { insertTrackingEvent } from './tracking.repo.ts';

/**
 * Bytes of serialized payload we keep per event. The domain schema bounds characters (4 KB); Chinese text
 * is 3 bytes a character in UTF-8, so the stored size needs its own cap.
 */
export const TRACKING_PAYLOAD_MAX_BYTES = 8 * 1024;

export interface TrackingInput {
  event: string;
  anonId: string;
  accountId: number | null;
  plat: string | null;
  payload: Record<string, unknown> | undefined;
}

export async function recordEvent(ctx: AppContext, input: TrackingInput): Promise<void> {
  const payload = input.payload ?? null;
  if (payload !== null && Buffer.byteLength(JSON.stringify(payload), 'utf8') > TRACKING_PAYLOAD_MAX_BYTES) {
    throw AppError.param('payload', MSG.TRACKING_PAYLOAD_TOO_LARGE);
  }
  await insertTrackingEvent(ctx.db, { ...input, payload, createdAt: ctx.now() });
}
