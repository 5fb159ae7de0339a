/**
 * The demo's application deadlines, dated from the day it is seeded (decision 090): the fixed defaults would
 * one day be in the past and the demo would start with every batch closed. 23:59:59 Beijing time of each day,
 * in the batches' order.
 */
import { DEADLINE_KEYS, type DeadlineKey } from '@summit/domain';
import type { Db } from '../db/client.ts';
import { DEADLINE_SETTING_KEYS } from '../modules/settings/deadlines.service.ts';
import { insertSettingsIfMissing } from '../modules/settings/settings.repo.ts';

const DAY_MS = 86_400_000;
/** Days after the seed: early batch 1 about a month away, the materials deadline last. */
export const DEMO_DEADLINE_DAYS: Record<DeadlineKey, number> = { EB1: 30, EB2: 75, RD: 135, MRD: 150 };

/** 23:59:59 Beijing on the day `days` after `now`. */
export function demoDeadline(now: Date, days: number): Date {
  const day = new Date(now.getTime() + 8 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);
  return new Date(`${day}T23:59:59+08:00`);
}

export async function seedDemoDeadlines(tx: Db, now: Date): Promise<void> {
  await insertSettingsIfMissing(
    tx,
    DEADLINE_KEYS.map((key) => ({ key: DEADLINE_SETTING_KEYS[key], value: demoDeadline(now, DEMO_DEADLINE_DAYS[key]).toISOString() })),
    now,
  );
}
