/**
 * The demo's badges and honour roll (decision 104): a catalogue with one badge of each way of earning it, two
 * awards for 王可欣 (one given by hand, one earned) and one for 孙浩然, a drafted badge, an honour roll of three
 * published honours and one draft, and the honour roll's card on the hub (an activity of kind 'honor').
 * Credentials are signed on first read, with the demo's key. Runs inside the demo seed's transaction, after the
 * accounts and the activities.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { badgeAwards, badges, honours } from '../db/schema-badges.ts';
import { activities } from '../db/schema-activities.ts';

const DAY = 86_400_000;

const CATALOGUE = [
  { key: 'week', name: '一周全勤', description: '在一周内按时出席了每一节课。', criteriaText: '某一周所选课程的每节课都完成签到（每周一次自动评定）。', criterion: 'attendance_week', emblem: '勤', colour: '#047857' },
  { key: 'explorer', name: '探索者', description: '完成了一项 Mission X 任务，提交被老师采纳。', criteriaText: '任一 Mission X 任务的提交被老师采纳。', criterion: 'mission_x_accepted', emblem: '探', colour: '#1d4ed8' },
  { key: 'star', name: '闪耀之星', description: '在才艺展示中进入决赛。', criteriaText: '才艺展示作品入围决赛。', criterion: 'talent_finalist', emblem: '星', colour: '#b45309' },
  { key: 'helper', name: '热心助人', description: '在学习与生活中主动帮助同学。', criteriaText: '由老师或学院导师提名，项目办公室颁发。', criterion: 'manual', emblem: '助', colour: '#be185d' },
  { key: 'scholar', name: '学术之星', description: '课程学习表现卓越。', criteriaText: '由任课老师提名，项目办公室颁发。', criterion: 'manual', emblem: '学', colour: '#6d28d9' },
] as const;

export async function seedDemoBadges(tx: Db, options: { adminId: number; now: Date }): Promise<void> {
  const [existing] = await tx.select({ id: badges.id }).from(badges).limit(1);
  if (existing) return;
  const { adminId, now } = options;
  const base = { published: true, createdBy: adminId, createdAt: now, updatedAt: now };
  const rows = await tx
    .insert(badges)
    .values([...CATALOGUE.map(({ key: _key, ...b }) => ({ ...base, ...b })), { ...base, published: false, name: '辩论达人', description: '在辩论活动中表现出色。', criteriaText: '（草稿）辩论赛最佳辩手。', criterion: 'manual', emblem: '辩', colour: '#0f766e' }])
    .returning({ id: badges.id, name: badges.name });
  const id = (name: string) => rows.find((r) => r.name === name)!.id;

  const students = await tx.select({ id: accounts.id, phone: accounts.phone }).from(accounts).where(inArray(accounts.phone, ['13900000006', '13900000007']));
  const wang = students.find((s) => s.phone === '13900000006')?.id;
  const sun = students.find((s) => s.phone === '13900000007')?.id;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const awards = [];
  if (wang) {
    awards.push({ publicId: randomUUID(), badgeId: id('热心助人'), accountId: wang, sourceKind: 'manual', sourceId: null, awardedBy: adminId, note: '主动为同组同学讲解课程难点', awardedAt: at(3) });
    awards.push({ publicId: randomUUID(), badgeId: id('一周全勤'), accountId: wang, sourceKind: 'attendance-week', sourceId: 'demo-week-1', awardedBy: null, note: null, awardedAt: at(2) });
  }
  if (sun) {
    awards.push({ publicId: randomUUID(), badgeId: id('学术之星'), accountId: sun, sourceKind: 'manual', sourceId: null, awardedBy: adminId, note: '课程论文获任课老师推荐', awardedAt: at(1) });
  }
  if (awards.length > 0) await tx.insert(badgeAwards).values(awards);

  // The honour roll's card on the student's hub (an activity of kind 'honor', decision 100): open all summer.
  await tx.insert(activities).values({
    kind: 'honor',
    title: '荣誉榜与徽章',
    content: '<p>表彰在课程、活动与社区中表现突出的同学，并查看你获得的徽章：每枚徽章都是可以分享、可以验证的数字凭证。</p>',
    opensAt: at(10),
    closesAt: new Date(now.getTime() + 60 * DAY),
    ctaLabel: '我的徽章',
    ctaUrl: '/badges',
    published: true,
    createdBy: adminId,
    createdAt: now,
    updatedAt: now,
  });

  const [wangName] = wang ? await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, wang)) : [];
  await tx.insert(honours).values([
    { title: '学术之星', citation: '在《经济学原理》课程中完成了出色的课程论文，论证严谨、数据翔实，获任课老师特别推荐。', honoureeName: '孙浩然', accountId: sun ?? null, publishedAt: at(1), createdBy: adminId, createdAt: at(1) },
    { title: '最佳团队', citation: '在第一周的小组项目中分工明确、互相支持，展示获全体评委一致好评。', honoureeName: '星辰学院第三小组', accountId: null, publishedAt: at(4), createdBy: adminId, createdAt: at(4) },
    { title: '热心助人奖', citation: '课后主动为同组同学讲解难点，并整理了共享学习笔记。', honoureeName: wangName?.name ?? '王可欣', accountId: wang ?? null, publishedAt: at(2), createdBy: adminId, createdAt: at(2) },
    { title: '最佳辩手', citation: '（草稿）辩论赛决赛表现突出。', honoureeName: '待定', accountId: null, publishedAt: null, createdBy: adminId, createdAt: now },
  ]);
}
