/**
 * The demo's talent show (decision 103): a 'talent-show' activity open for entries now (for a week), its published
 * rules (three weighted criteria), 王老师 and 李老师 as judges, results a few days after it closes, and one approved
 * entry of 王可欣 (with her guardian's consent) that 王老师 has already scored. Runs inside the demo seed's
 * transaction, after the accounts and the activities.
 */
import { eq } from 'drizzle-orm';
import { TALENT_CONSENT_VERSION } from '@summit/domain';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { activities } from '../db/schema-activities.ts';
import { talentCriteria, talentEntries, talentJudges, talentSheetScores, talentSheets, talentShows } from '../db/schema-talent-show.ts';

const DAY = 86_400_000;

async function accountId(tx: Db, phone: string): Promise<number | null> {
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone)).limit(1);
  return row?.id ?? null;
}

export async function seedDemoTalentShow(tx: Db, options: { adminId: number; now: Date }): Promise<void> {
  const [existing] = await tx.select({ id: activities.id }).from(activities).where(eq(activities.kind, 'talent-show')).limit(1);
  if (existing) return;
  const { now, adminId } = options;
  const opensAt = new Date(now.getTime() - 2 * DAY);
  const closesAt = new Date(now.getTime() + 7 * DAY);
  const [activity] = await tx
    .insert(activities)
    .values({
      kind: 'talent-show',
      title: 'Summit 2027 才艺秀',
      content:
        '<p>音乐、舞蹈、绘画、朗诵、编程……每个人都有自己的闪光点。提交一件你的作品，让来自全国的同学看见你！</p><ul><li>每人可提交一件作品，最多 6 张图片</li><li>作品经老师审核后在作品展中展示，同学们可以点赞</li><li>评委按评分标准打分，入围决赛的同学获得“闪耀之星”徽章</li></ul>',
      opensAt,
      closesAt,
      audienceKind: 'all',
      published: true,
      createdBy: adminId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: activities.id });
  const activityId = activity!.id;
  await tx.insert(talentShows).values({
    activityId,
    rulesText: '作品须为本人原创或本人表演，不得使用他人作品。评委按以下标准为每件作品独立打分（每项 0–10 分），按权重折算为百分制，取各位评委的平均分排名，前 3 名入围决赛。',
    rulesPublishedAt: opensAt,
    finalistCount: 3,
    resultsAt: new Date(closesAt.getTime() + 2 * DAY),
    updatedBy: adminId,
    updatedAt: now,
  });
  const criteria = await tx
    .insert(talentCriteria)
    .values([
      { activityId, position: 0, name: '技巧', description: '基本功与完成度', weight: 40 },
      { activityId, position: 1, name: '创意', description: '构思与个人风格', weight: 30 },
      { activityId, position: 2, name: '表现力', description: '感染力与舞台呈现', weight: 30 },
    ])
    .returning({ id: talentCriteria.id });
  const [wang, li, kexin] = await Promise.all([accountId(tx, '13800000002'), accountId(tx, '13800000003'), accountId(tx, '13900000006')]);
  const judges = [wang, li].filter((id): id is number => id !== null);
  if (judges.length) await tx.insert(talentJudges).values(judges.map((teacherId) => ({ activityId, teacherId })));
  if (kexin === null) return;
  const [entry] = await tx
    .insert(talentEntries)
    .values({
      activityId,
      studentId: kexin,
      title: '水彩《西湖晨雾》',
      kind: 'art',
      description: '暑假在西湖边写生时画的，用了湿画法表现清晨的雾气。',
      status: 'approved',
      reviewedBy: adminId,
      reviewedAt: now,
      guardianName: '王建国',
      guardianRelation: 'father',
      consentAt: new Date(now.getTime() - DAY),
      consentVersion: TALENT_CONSENT_VERSION,
      createdAt: new Date(now.getTime() - DAY),
      updatedAt: new Date(now.getTime() - DAY),
    })
    .returning({ id: talentEntries.id });
  if (wang === null) return;
  const [sheet] = await tx.insert(talentSheets).values({ entryId: entry!.id, judgeId: wang, comment: '色彩层次丰富，构图可以更大胆。', createdAt: now, updatedAt: now }).returning({ id: talentSheets.id });
  await tx.insert(talentSheetScores).values(criteria.map((c, i) => ({ sheetId: sheet!.id, criterionId: c.id, score: [8, 9, 7][i]! })));
}
