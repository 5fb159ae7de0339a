/**
 * The demo's forum (decision 102): two programme boards with a few posts and replies by the paid demo students and
 * 王老师, a starting word list, one post the filter held (so the moderation queue has something in it), and the
 * hub's 论坛 card (an activity of kind forum).
 * Runs inside the demo seed's transaction, after the accounts.
 */
import { inArray } from 'drizzle-orm';
import { normaliseWord } from '@summit/domain';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { activities } from '../db/schema-activities.ts';
import { forumBoards, forumFilterState, forumLikes, forumPosts, forumReplies, forumWords } from '../db/schema-forum.ts';

/** A short starting list; the programme office edits it in the console (论坛审核 → 敏感词). */
export const DEMO_FORUM_WORDS = ['加微信', '加我qq', '私聊我', '傻瓜', '笨蛋', '去死', '赌博'] as const;

const MIN = 60_000;

export async function seedDemoForum(tx: Db, options: { now: Date; adminId: number }): Promise<void> {
  const [existing] = await tx.select({ id: forumBoards.id }).from(forumBoards).limit(1);
  if (existing) return;
  const { now } = options;
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MIN);
  const people = await tx.select({ id: accounts.id, phone: accounts.phone }).from(accounts).where(inArray(accounts.phone, ['13900000006', '13900000007', '13800000002']));
  const id = (phone: string) => people.find((p) => p.phone === phone)?.id;
  const wang = id('13900000006');
  const sun = id('13900000007');
  const teacher = id('13800000002');

  await tx.insert(forumWords).values(DEMO_FORUM_WORDS.map((w) => ({ word: normaliseWord(w), createdAt: now })));
  await tx.insert(forumFilterState).values({ id: 1, version: 1 }).onConflictDoNothing();
  const [hall, study] = await tx
    .insert(forumBoards)
    .values([
      { kind: 'programme', title: '项目大厅', description: '全体同学交流：自我介绍、学习心得、活动分享', sort: 1, createdAt: now },
      { kind: 'programme', title: '学术问答', description: '课程与学术问题，同学和老师一起解答', sort: 2, createdAt: now },
    ])
    .returning({ id: forumBoards.id });
  // The hub's 论坛 card (decision 100: a card of kind forum leads to /student/card/forum), lit for the whole summer.
  await tx.insert(activities).values({
    kind: 'forum',
    title: 'Summit 论坛',
    content: '<p>和全国各地的同学交流：项目大厅、学术问答、你的课程和学院版块。论坛对老师和项目组可见，不设私信。</p>',
    opensAt: ago(24 * 60),
    closesAt: new Date(now.getTime() + 120 * 24 * 60 * MIN),
    published: true,
    createdBy: options.adminId,
    createdAt: now,
    updatedAt: now,
  });
  if (!hall || !study || wang === undefined || sun === undefined) return;

  const [hello] = await tx
    .insert(forumPosts)
    .values({ boardId: hall.id, authorId: wang, title: '大家好，我是王可欣', body: '来自杭州，喜欢历史和辩论。期待这个夏天和大家一起上课、一起参加学院杯！', status: 'visible', createdAt: ago(180) })
    .returning({ id: forumPosts.id });
  await tx.insert(forumReplies).values({ postId: hello!.id, authorId: sun, body: '欢迎！我在上海会场，也报了辩论相关的课。', status: 'visible', createdAt: ago(170) });
  await tx.insert(forumLikes).values({ postId: hello!.id, accountId: sun, createdAt: ago(169) });
  const [question] = await tx
    .insert(forumPosts)
    .values({ boardId: study.id, authorId: sun, title: '经济学入门有推荐的书吗？', body: '想在开课前先读一点，有没有适合高中生的入门读物？', status: 'visible', createdAt: ago(120) })
    .returning({ id: forumPosts.id });
  if (teacher !== undefined) {
    await tx.insert(forumReplies).values({ postId: question!.id, authorId: teacher, body: '可以先读曼昆《经济学原理》的前几章，课上我们会再讨论。', status: 'visible', createdAt: ago(100) });
  }
  // Held by the filter: seen only by its author (待审核) and by moderators in the queue.
  await tx.insert(forumPosts).values({ boardId: hall.id, authorId: sun, title: '组队学习', body: '想找人一起复习，有兴趣的加微信聊', status: 'held', holdReason: 'filter', heldWords: '加微信', createdAt: ago(30) });
}
