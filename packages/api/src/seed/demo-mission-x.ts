/**
 * The demo's Mission X (decision 101): one Mission X activity open to every paid student from yesterday for three
 * weeks, two missions by 王老师 (one asking for a photo and a few words, worth 10 学院杯 points and the 探索者 badge;
 * one asking for text or a video link, worth 5), and one hand-in awaiting review from the Beijing paid student.
 * Runs inside the demo seed's transaction, after the accounts and the activities.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { activities } from '../db/schema-activities.ts';
import { missionXHandIns, missionXMissions } from '../db/schema-mission-x.ts';

const DAY = 86_400_000;

export async function seedDemoMissionX(tx: Db, options: { now: Date }): Promise<void> {
  const [existing] = await tx.select({ id: activities.id }).from(activities).where(eq(activities.kind, 'mission-x')).limit(1);
  if (existing) return;
  const { now } = options;
  const [wang] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, '13800000002')).limit(1);
  const [student] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, '13900000006')).limit(1);
  if (!wang) return;
  const [activity] = await tx
    .insert(activities)
    .values({
      kind: 'mission-x',
      title: 'Mission X：夏日探索任务',
      content: '<p>每周老师们会发布几项小任务：拍一张照片、写一段观察、录一段短视频。完成任务、被老师采纳，就能为你的学院赢得学院杯积分。</p>',
      opensAt: new Date(now.getTime() - DAY),
      closesAt: new Date(now.getTime() + 21 * DAY),
      audienceKind: 'all',
      published: true,
      createdBy: wang.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: activities.id });
  const base = { activityId: activity!.id, createdBy: wang.id, createdAt: now, updatedAt: now };
  const [desk] = await tx
    .insert(missionXMissions)
    .values([
      {
        ...base,
        title: '我的学习角落',
        brief: '拍一张你上网课的书桌或学习角落，再用几句话说说：这个角落里哪样东西最能帮你专注？\n照片里如有他人，请先征得对方同意。',
        deliverables: ['text', 'image'],
        points: 10,
        dueAt: new Date(now.getTime() + 7 * DAY),
        badgeCriterion: 'mission_x_accepted',
      },
      {
        ...base,
        title: '一分钟城市介绍',
        brief: '用一段文字或一段不超过一分钟的视频（上传到视频网站后贴上链接），向来自其他城市的同学介绍你的家乡。',
        deliverables: ['text', 'video'],
        points: 5,
        dueAt: new Date(now.getTime() + 14 * DAY),
        badgeCriterion: null,
      },
    ])
    .returning({ id: missionXMissions.id });
  if (student && desk) {
    await tx.insert(missionXHandIns).values({
      missionId: desk.id,
      studentId: student.id,
      text: '我的书桌靠窗，最能帮我专注的是一个沙漏：翻一次二十五分钟，沙子漏完才起身喝水。',
      submittedAt: new Date(now.getTime() - 2 * 3_600_000),
    });
  }
}
