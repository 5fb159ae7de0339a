/**
 * The demo's 脑力奥赛 (decision 105): one brain-olympics activity open to every paid student from yesterday for two
 * weeks, and one round of five questions by 王老师 not yet started (the teacher's page pushes them live). Runs
 * inside the demo seed's transaction, after the accounts.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { activities } from '../db/schema-activities.ts';
import { quizQuestions, quizRounds } from '../db/schema-games.ts';

const DAY = 86_400_000;

export const DEMO_QUIZ_QUESTIONS = [
  { prompt: '“海内存知己，天涯若比邻”出自哪位诗人？', choices: ['李白', '王勃', '杜甫', '王维'], answer: 1, seconds: 20, points: 10 },
  { prompt: '水在标准大气压下的沸点是多少摄氏度？', choices: ['90', '100', '110', '120'], answer: 1, seconds: 15, points: 10 },
  { prompt: '下列哪个是质数？', choices: ['21', '27', '29', '33'], answer: 2, seconds: 20, points: 10 },
  { prompt: 'DNA 双螺旋结构是在哪一年提出的？', choices: ['1923', '1953', '1973', '1993'], answer: 1, seconds: 20, points: 20 },
  { prompt: '光在真空中传播 1 秒，大约走多远？', choices: ['3 万千米', '30 万千米', '300 万千米', '3 千千米'], answer: 1, seconds: 20, points: 20 },
];

export async function seedDemoGames(tx: Db, options: { now: Date }): Promise<void> {
  const [existing] = await tx.select({ id: activities.id }).from(activities).where(eq(activities.kind, 'brain-olympics')).limit(1);
  if (existing) return;
  const { now } = options;
  const [wang] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, '13800000002')).limit(1);
  if (!wang) return;
  const [activity] = await tx
    .insert(activities)
    .values({
      kind: 'brain-olympics',
      title: '脑力奥赛：学院知识快问快答',
      content: '<p>老师出题、实时推送，所有同学同时作答：答对得分，答得越多，你的学院在排行榜上越靠前。</p>',
      opensAt: new Date(now.getTime() - DAY),
      closesAt: new Date(now.getTime() + 14 * DAY),
      audienceKind: 'all',
      published: true,
      createdBy: wang.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: activities.id });
  const [round] = await tx.insert(quizRounds).values({ activityId: activity!.id, title: '第一轮：综合知识', createdBy: wang.id, createdAt: now }).returning({ id: quizRounds.id });
  await tx.insert(quizQuestions).values(DEMO_QUIZ_QUESTIONS.map((q, i) => ({ ...q, roundId: round!.id, position: i + 1 })));
}
