/**
 * The demo volunteer (13900000008, active_type 4) and their 工时 (decision 065): two entries approved by the
 * admin and one waiting, so the 工时 tab opens on real totals and something to approve.
 */
import type { Db } from '../db/client.ts';
import { timeSheetEntries } from '../db/schema-time-sheets.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** YYYY-MM-DD of the Beijing day `daysAgo` days before now. */
const beijingDay = (now: Date, daysAgo: number) => new Date(now.getTime() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoTimeSheets(tx: Tx, v: { volunteerId: number; adminId: number; now: Date }): Promise<void> {
  const { volunteerId, adminId, now } = v;
  const decided = { status: 'approved' as const, decidedBy: adminId, decidedAt: now };
  await tx.insert(timeSheetEntries).values([
    { studentId: volunteerId, workDate: beijingDay(now, 3), minutes: 240, activity: '迎新日签到台接待', recordedBy: adminId, createdAt: now, updatedAt: now, ...decided },
    { studentId: volunteerId, workDate: beijingDay(now, 2), minutes: 90, activity: '开营典礼引导', recordedBy: adminId, createdAt: now, updatedAt: now, ...decided },
    { studentId: volunteerId, workDate: beijingDay(now, 1), minutes: 150, activity: '宿舍晚间巡查', recordedBy: adminId, createdAt: now, updatedAt: now },
  ]);
}
