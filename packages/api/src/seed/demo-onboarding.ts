/**
 * The demo programme's onboarding offerings (decision 048): majors with seats, SSI, podcast, master
 * classes, the pilot study and two info sessions, so /student/admission/major and friends are not empty on
 * `npm start`. The paid demo student 13900000007 has confirmed 商业经济 (its seat is counted).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { onboardingOfferings, onboardingSignups } from '../db/schema-onboarding.ts';

const DAY = 86_400_000;

interface DemoOffering {
  kind: (typeof onboardingOfferings.$inferInsert)['kind'];
  title: string;
  description: string;
  capacity: number;
  closesAt?: Date;
  startsAt?: Date;
  durationMinutes?: number;
  joinUrl?: string;
}

/** 19:00 Beijing time, `days` days after `now`. */
function eveningIn(now: Date, days: number): Date {
  const beijingDate = new Date(now.getTime() + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10);
  return new Date(`${beijingDate}T19:00:00+08:00`);
}

export async function seedDemoOnboarding(tx: Db, options: { adminId: number; now: Date }): Promise<void> {
  const { now, adminId } = options;
  const closes = new Date(now.getTime() + 30 * DAY);
  const session1 = eveningIn(now, 7);
  const session2 = eveningIn(now, 14);
  const rows: DemoOffering[] = [
    { kind: 'major', title: '人文社科', description: '文学、历史、哲学与社会科学方向。', capacity: 120 },
    { kind: 'major', title: '商业经济', description: '经济学、管理与金融方向。', capacity: 100 },
    { kind: 'major', title: '理工科学', description: '数学、物理与计算机方向。', capacity: 80 },
    { kind: 'csi', title: 'SSI 社会创新项目', description: '以小组形式调研一个社区问题并提出方案，开营后每周一次。', capacity: 60 },
    { kind: 'podcast', title: 'Summit 播客：我的学术兴趣', description: '与导师录制一期 20 分钟的对谈。', capacity: 12 },
    { kind: 'master_class', title: '大师课：如何读一本难书', description: '哲学系教授主讲，含问答。', capacity: 200, startsAt: eveningIn(now, 20), durationMinutes: 90 },
    { kind: 'master_class', title: '大师课：经济学家的思维方式', description: '经济学教授主讲，含问答。', capacity: 200, startsAt: eveningIn(now, 21), durationMinutes: 90 },
    { kind: 'pilot_study', title: '先导研究：城市与记忆', description: '开营前两周的线上读书与写作小组。', capacity: 30 },
    { kind: 'info_session', title: '院校说明会：文理学院', description: '介绍文理学院的课程设置与申请。', capacity: 300, startsAt: session1, durationMinutes: 60, closesAt: session1, joinUrl: 'https://meeting.example.com/summit-liberal-arts' },
    { kind: 'info_session', title: '院校说明会：综合性大学', description: '介绍综合性大学的学术资源与申请。', capacity: 300, startsAt: session2, durationMinutes: 60, closesAt: session2, joinUrl: 'https://meeting.example.com/summit-universities' },
  ];
  const inserted = await tx
    .insert(onboardingOfferings)
    .values(
      rows.map((r) => ({
        kind: r.kind,
        title: r.title,
        description: r.description,
        capacity: r.capacity,
        closesAt: r.closesAt ?? closes,
        startsAt: r.startsAt ?? null,
        durationMinutes: r.durationMinutes ?? 60,
        joinUrl: r.joinUrl ?? null,
        createdBy: adminId,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: onboardingOfferings.id, title: onboardingOfferings.title });
  const business = inserted.find((r) => r.title === '商业经济');
  const [student] = await tx.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.phoneCode, '86'), eq(accounts.phone, '13900000007')));
  if (!business || !student) return;
  await tx.insert(onboardingSignups).values({ offeringId: business.id, studentId: student.id, kind: 'major', createdAt: now });
  await tx.update(onboardingOfferings).set({ taken: sql`${onboardingOfferings.taken} + 1` }).where(eq(onboardingOfferings.id, business.id));
}
