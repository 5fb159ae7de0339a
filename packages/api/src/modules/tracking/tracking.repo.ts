import type { Db } from '../../db/client.ts';
import { trackingEvents } from '../../db/schema.ts';

export interface TrackingEventWrite {
  event: string;
  anonId: string;
  accountId: number | null;
  plat: string | null;
  payload: Record<string, unknown> | null;
  createdAt: Date;
}

export async function insertTrackingEvent(db: Db, row: TrackingEventWrite): Promise<void> {
  await db.insert(trackingEvents).values(row);
}
