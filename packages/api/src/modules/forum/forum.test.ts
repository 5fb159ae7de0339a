import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  FORUM_MSG,
  FORUM_POSTS_PER_WINDOW,
  FORUM_REPORTS_TO_HOLD,
  MSG,
  TWELVE_HOUSES,
  type ForumBoard,
  type ForumLikeState,
  type ForumPostDetail,
  type ForumPostPage,
  type ForumQueue,
  type ForumWordList,
  type ForumWritten,
} from '@summit/domain';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { courses, houseAssignments, houses, venues } from '../../db/schema-courses.ts';
import { enrolments } from '../../db/schema-course-centre.ts';
import { courseAssistants, cslHouses } from '../../db/schema-teaching.ts';
import { resultPublications } from '../../db/schema-venue-house.ts';
import { forumPosts } from '../../db/schema-forum.ts';
import { createPeerApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, newPhone } from '../../test/flows.ts';
import { issueToken } from '../auth/token.service.ts';
import { FORUM_AUDIT_ENTITY } from './forum.repo.ts';

let t: TestApp;
let admin: string;
let teacher: string;
let teacherId: number;
let otherTeacher: string;
let csl: string;
/** A and B: paid, same house; A enrolled in the course. C: paid, another house, no course. U: not paid. */
const s: Record<'a' | 'b' | 'c' | 'u', { token: string; id: number }> = {} as never;
let courseId: number;
let programmeBoard: number;

async function student(name: string, opts: { paid?: boolean } = {}): Promise<{ token: string; id: number }> {
  const [row] = await t.db.insert(accounts).values({ role: 'student', phone: newPhone(), name }).returning({ id: accounts.id });
  await t.db.insert(studentProfiles).values({ accountId: row!.id, tuitionPaidAt: opts.paid === false ? null : new Date(0) });
  return { id: row!.id, token: await issueToken(t.app.ctx, row!.id, 'student', 'web') };
}

async function staffId(token: string): Promise<number> {
  return (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token })).body.data!.user_id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacher = await createStaffToken(t, 'teacher');
  teacherId = await staffId(teacher);
  otherTeacher = await createStaffToken(t, 'teacher');
  csl = await createStaffToken(t, 'teacher');
  const cslId = await staffId(csl);
  const [venue] = await t.db.insert(venues).values({ placeName: 'online', name: '线上会场' }).returning({ id: venues.id });
  const hs = await t.db
    .insert(houses)
    .values(TWELVE_HOUSES.slice(0, 2).map((h, i) => ({ code: h.code, name: h.name, colour: h.colour, sort: i + 1 })))
    .returning({ id: houses.id });
  const [course] = await t.db
    .insert(courses)
    .values({ code: 'FRM101', title: '论坛测试课', teacherId, teacherName: '王老师', category: 'academic' as never, sessionKey: 'first', capacity: 30 })
    .returning({ id: courses.id });
  courseId = course!.id;
  s.a = await student('甲同学');
  s.b = await student('乙同学');
  s.c = await student('丙同学');
  s.u = await student('未缴费', { paid: false });
  await t.db.insert(enrolments).values({ studentId: s.a.id, courseId, source: 'admin' });
  for (const [who, house] of [
    [s.a, hs[0]!],
    [s.b, hs[0]!],
    [s.c, hs[1]!],
  ] as const) {
    await t.db.insert(houseAssignments).values({ studentId: who.id, houseId: house.id, venueId: venue!.id });
  }
  await t.db.insert(cslHouses).values({ accountId: cslId, houseId: hs[0]!.id });
  await t.db.insert(resultPublications).values({ kind: 'house', venueId: null, publishAt: new Date(0) });
  const board = await call<ForumBoard>(t.app, 'POST', '/api/admin/forum/boards', { token: admin, body: { title: '项目大厅', description: '全体同学' } });
  expect(board.body.status).toBe(200);
  programmeBoard = board.body.data!.id;
});
afterAll(async () => {
  await t.close();
});

const boardsOf = async (token: string, area = 'student') => (await call<ForumBoard[]>(t.app, 'GET', `/api/${area}/forum/boards`, { token })).body.data!;
const post = (token: string, body: object, area = 'student') => call<ForumWritten>(t.app, 'POST', `/api/${area}/forum/posts`, { token, body });
const postsOf = async (token: string, boardId: number, area = 'student') => call<ForumPostPage>(t.app, 'GET', `/api/${area}/forum/boards/${boardId}/posts`, { token });
const detail = (token: string, id: number, area = 'student') => call<ForumPostDetail>(t.app, 'GET', `/api/${area}/forum/posts/${id}`, { token });
const queueOf = async (token: string, area = 'admin') => (await call<ForumQueue>(t.app, 'GET', `/api/${area}/forum/queue`, { token })).body.data!;
const boardOfKind = async (token: string, kind: string, area = 'student') => (await boardsOf(token, area)).find((b) => b.kind === kind)!;

describe('board access', () => {
  it('a paid student sees the programme board, their course board and their house board', async () => {
    const a = await boardsOf(s.a.token);
    expect(a.map((b) => [b.kind, b.title])).toEqual([
      ['programme', '项目大厅'],
      ['course', '论坛测试课'],
      ['house', TWELVE_HOUSES[0]!.name],
    ]);
    expect((await boardsOf(s.b.token)).map((b) => b.kind)).toEqual(['programme', 'house']);
    expect((await boardsOf(s.c.token)).find((b) => b.kind === 'house')!.title).toBe(TWELVE_HOUSES[1]!.name);
  });

  it('a student who has not paid tuition gets the paid-only gate', async () => {
    const res = await call(t.app, 'GET', '/api/student/forum/boards', { token: s.u.token });
    expect(res.body.status).toBe('403-10');
    expect((await post(s.u.token, { board_id: programmeBoard, title: '你好', body: '大家好' })).body.status).toBe('403-10');
  });

  it('the course board is closed to students not enrolled and to other teachers; its teacher moderates it', async () => {
    const course = await boardOfKind(s.a.token, 'course');
    const written = await post(s.a.token, { board_id: course.id, title: '作业问题', body: '第二题怎么做？' });
    expect(written.body).toMatchObject({ status: 200, msg: FORUM_MSG.POSTED, data: { status: 'visible' } });
    for (const token of [s.b.token, s.c.token]) {
      expect((await postsOf(token, course.id)).body).toMatchObject({ status: 4001, msg: FORUM_MSG.BOARD_NOT_FOUND });
      expect((await detail(token, written.body.data!.id)).body).toMatchObject({ status: 4001, msg: FORUM_MSG.POST_NOT_FOUND });
      expect((await post(token, { board_id: course.id, title: '闯入', body: '不该能发' })).body).toMatchObject({ status: 4003, msg: FORUM_MSG.BOARD_NOT_FOUND, data: { field: 'board_id' } });
    }
    expect((await postsOf(otherTeacher, course.id, 'teacher')).body.status).toBe(4001);
    const asTeacher = await postsOf(teacher, course.id, 'teacher');
    expect(asTeacher.body.data!.items.map((p) => p.title)).toEqual(['作业问题']);
    const answer = await call<ForumWritten>(t.app, 'POST', `/api/teacher/forum/posts/${written.body.data!.id}/replies`, { token: teacher, body: { body: '看讲义第三页' } });
    expect(answer.body.data!.status).toBe('visible');
    const seen = (await detail(s.a.token, written.body.data!.id)).body.data!;
    expect(seen.replies).toEqual([expect.objectContaining({ body: '看讲义第三页', author: expect.objectContaining({ role: 'staff', house: null }) })]);
    expect(seen.reply_count).toBe(1);
    expect((await postsOf(s.a.token, course.id)).body.data!.items.map((p) => [p.title, p.reply_count, p.like_count])).toEqual([['作业问题', 1, 0]]);
  });

  it('the house board: its students and its CSL; another house never sees it', async () => {
    const house = await boardOfKind(s.a.token, 'house');
    const written = await post(s.b.token, { board_id: house.id, title: '学院活动', body: '周五一起开会' });
    expect((await postsOf(s.a.token, house.id)).body.data!.items.map((p) => p.id)).toContain(written.body.data!.id);
    expect((await postsOf(s.c.token, house.id)).body.status).toBe(4001);
    expect((await boardsOf(csl, 'teacher')).map((b) => b.id)).toContain(house.id);
    expect((await boardsOf(otherTeacher, 'teacher')).map((b) => b.kind)).toEqual(['programme']);
  });

  it('shows a student author by name and house only', async () => {
    const written = await post(s.a.token, { board_id: programmeBoard, title: '自我介绍', body: '大家好，我是甲' });
    const item = (await postsOf(s.c.token, programmeBoard)).body.data!.items.find((p) => p.id === written.body.data!.id)!;
    expect(item.author).toEqual({ id: s.a.id, name: '甲同学', role: 'student', house: { name: TWELVE_HOUSES[0]!.name, colour: TWELVE_HOUSES[0]!.colour } });
    expect(item.mine).toBe(false);
  });

  it("leaves a student's house out while their venue's house result is not yet published", async () => {
    const [later] = await t.db.insert(venues).values({ placeName: 'later', name: '稍后会场' }).returning({ id: venues.id });
    await t.db.insert(resultPublications).values({ kind: 'house', venueId: later!.id, publishAt: new Date(Date.now() + 30 * 86_400_000) });
    const early = await student('己同学');
    const [house] = await t.db.select({ id: houses.id }).from(houses).limit(1);
    await t.db.insert(houseAssignments).values({ studentId: early.id, houseId: house!.id, venueId: later!.id });
    t.clock.advance(11 * 60_000);
    const written = await post(early.token, { board_id: programmeBoard, title: '我还不知道我的学院', body: '期待分院' });
    const item = (await postsOf(s.c.token, programmeBoard)).body.data!.items.find((p) => p.id === written.body.data!.id)!;
    expect(item.author).toEqual({ id: early.id, name: '己同学', role: 'student', house: null });
    // Nor do they get the house board before the reveal.
    expect((await boardsOf(early.token)).map((b) => b.kind)).toEqual(['programme']);
  });

  it('refuses bad input with 4003 on its field', async () => {
    expect((await post(s.a.token, { board_id: programmeBoard, title: '', body: 'x' })).body).toMatchObject({ status: 4003, msg: FORUM_MSG.TITLE });
    expect((await post(s.a.token, { board_id: programmeBoard, title: 'x', body: '长'.repeat(5001) })).body).toMatchObject({ status: 4003, msg: FORUM_MSG.BODY });
    expect((await post(s.a.token, { title: 'x', body: 'y' })).body).toMatchObject({ status: 4003, msg: FORUM_MSG.BOARD_REQUIRED });
    expect((await post(s.a.token, { board_id: 999_999, title: 'x', body: 'y' })).body).toMatchObject({ status: 4003, msg: FORUM_MSG.BOARD_NOT_FOUND });
  });
});

describe('the sensitive-word filter', () => {
  it('holds a post with a listed word: its author sees 待审核, others do not see it, moderators find it in the queue', async () => {
    const words = await call<ForumWordList>(t.app, 'POST', '/api/admin/forum/words', { token: admin, body: { words: ['  坏蛋 ', 'BadWord'] } });
    expect(words.body.data!.items.map((w) => w.word)).toEqual(['badword', '坏蛋']);
    const held = await post(s.a.token, { board_id: programmeBoard, title: '求助', body: '有人说我是坏 蛋' });
    expect(held.body).toMatchObject({ status: 200, msg: FORUM_MSG.HELD, data: { status: 'held' } });
    const id = held.body.data!.id;
    expect((await postsOf(s.a.token, programmeBoard)).body.data!.items.find((p) => p.id === id)).toMatchObject({ status: 'held', mine: true });
    expect((await postsOf(s.b.token, programmeBoard)).body.data!.items.map((p) => p.id)).not.toContain(id);
    expect((await detail(s.b.token, id)).body.status).toBe(4001);
    const q = await queueOf(admin);
    expect(q.items.find((i) => i.kind === 'post' && i.id === id)).toMatchObject({ hold_reason: 'filter', held_words: ['坏蛋'], status: 'held' });
    // Replies go through the filter too.
    const visible = await post(s.b.token, { board_id: programmeBoard, title: '今天好开心', body: '上课很有趣' });
    const reply = await call<ForumWritten>(t.app, 'POST', `/api/student/forum/posts/${visible.body.data!.id}/replies`, { token: s.a.token, body: { body: 'BADWORD!' } });
    expect(reply.body.data!.status).toBe('held');
    expect((await detail(s.b.token, visible.body.data!.id)).body.data!.replies).toHaveLength(0);
    // A held reply is not counted for readers.
    expect((await postsOf(s.b.token, programmeBoard)).body.data!.items.find((p) => p.id === visible.body.data!.id)!.reply_count).toBe(0);
    expect((await detail(s.a.token, visible.body.data!.id)).body.data!.replies).toEqual([expect.objectContaining({ status: 'held', mine: true })]);
    expect((await queueOf(admin)).items.find((i) => i.kind === 'reply' && i.id === reply.body.data!.id)).toMatchObject({ held_words: ['badword'] });
  });

  it('an admin edit of the list takes effect at once, on another API node too', async () => {
    const peer = await createPeerApp(t);
    try {
      const through = (app: TestApp['app'], body: object) => call<ForumWritten>(app, 'POST', '/api/student/forum/posts', { token: s.c.token, body });
      t.clock.advance(11 * 60_000);
      // The peer builds its filter without 讨厌鬼 ...
      expect((await through(peer.app, { board_id: programmeBoard, title: '讨厌鬼', body: '第一次' })).body.data!.status).toBe('visible');
      // ... the admin adds it on this node ...
      await call(t.app, 'POST', '/api/admin/forum/words', { token: admin, body: { words: ['讨厌鬼'] } });
      // ... and the peer holds the next post with it.
      expect((await through(peer.app, { board_id: programmeBoard, title: '讨厌鬼', body: '第二次' })).body.data!.status).toBe('held');
      const list = (await call<ForumWordList>(t.app, 'GET', '/api/admin/forum/words', { token: admin })).body.data!;
      const id = list.items.find((w) => w.word === '讨厌鬼')!.id;
      await call(t.app, 'DELETE', `/api/admin/forum/words/${id}`, { token: admin });
      expect((await through(peer.app, { board_id: programmeBoard, title: '讨厌鬼', body: '第三次' })).body.data!.status).toBe('visible');
    } finally {
      await peer.close();
    }
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, FORUM_AUDIT_ENTITY), like(auditLog.action, 'forum.words.%')));
    expect(audit.map((a) => a.action)).toEqual(['forum.words.add', 'forum.words.add', 'forum.words.delete']);
  });

  it('only admins edit the word list', async () => {
    for (const token of [teacher, csl, s.a.token]) {
      expect((await call(t.app, 'POST', '/api/admin/forum/words', { token, body: { words: ['x'] } })).http).toBe(403);
    }
  });
});

describe('moderation', () => {
  it('a moderator restores a held post: audited, then visible to others', async () => {
    t.clock.advance(11 * 60_000);
    const held = await post(s.a.token, { board_id: programmeBoard, title: '坏蛋游戏', body: '一个游戏的名字' });
    const id = held.body.data!.id;
    // A teacher moderates only their own boards: not the programme board.
    expect((await call(t.app, 'POST', `/api/teacher/forum/posts/${id}/restore`, { token: teacher, body: { reason: '误判' } })).http).toBe(403);
    const res = await call(t.app, 'POST', `/api/admin/forum/posts/${id}/restore`, { token: admin, body: { reason: '游戏名称，误判' } });
    expect(res.body).toMatchObject({ status: 200, msg: FORUM_MSG.RESTORED, data: { kind: 'post', id, status: 'visible' } });
    expect((await detail(s.b.token, id)).body.data!.status).toBe('visible');
    expect((await queueOf(admin)).items.map((i) => i.id)).not.toContain(id);
    // The author is told once, in 消息 (a repeated restore changes nothing and says nothing).
    await call(t.app, 'POST', `/api/admin/forum/posts/${id}/restore`, { token: admin, body: { reason: '再点一次' } });
    const inbox = (await call<{ items: Array<{ title: string; body: string }> }>(t.app, 'GET', '/api/student/messages', { token: s.a.token })).body.data!.items;
    expect(inbox.filter((m) => m.body.includes('坏蛋游戏'))).toEqual([expect.objectContaining({ title: '你的论坛帖子已发布' })]);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, FORUM_AUDIT_ENTITY), eq(auditLog.entityId, `post:${id}`)));
    expect(audit).toMatchObject({ action: 'forum.post.restore', before: { status: 'held', hold_reason: 'filter' }, after: { status: 'visible', reason: '游戏名称，误判' } });
  });

  it('the course teacher hides and restores on their board, audited; the post leaves and returns', async () => {
    const course = await boardOfKind(s.a.token, 'course');
    const written = await post(s.a.token, { board_id: course.id, title: '广告', body: '加我好友' });
    const id = written.body.data!.id;
    expect((await call(t.app, 'POST', `/api/teacher/forum/posts/${id}/hide`, { token: otherTeacher, body: { reason: 'x' } })).http).toBe(403);
    expect((await call(t.app, 'POST', `/api/teacher/forum/posts/${id}/hide`, { token: teacher, body: { reason: '' } })).body.status).toBe(4003);
    expect((await call<{ status: string }>(t.app, 'POST', `/api/teacher/forum/posts/${id}/hide`, { token: teacher, body: { reason: '站外联系方式' } })).body.data!.status).toBe('hidden');
    expect((await detail(s.a.token, id)).body.data!.status).toBe('hidden');
    expect((await call(t.app, 'POST', `/api/student/forum/posts/${id}/replies`, { token: s.a.token, body: { body: '为什么' } })).body.msg).toBe(FORUM_MSG.POST_CLOSED);
    await call(t.app, 'POST', `/api/teacher/forum/posts/${id}/restore`, { token: teacher, body: { reason: '已核实' } });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, FORUM_AUDIT_ENTITY), eq(auditLog.entityId, `post:${id}`)));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['forum.post.hide', teacherId],
      ['forum.post.restore', teacherId],
    ]);
  });

  it('programme staff (type 4, community.manage) moderate every board from the console, not from the teacher area', async () => {
    const staff = await createStaffToken(t, 'teacher');
    const id = await staffId(staff);
    await t.db.update(accounts).set({ teacherType: 4 }).where(eq(accounts.id, id));
    t.app.ctx.tokenCache.evictAccount(id);
    t.clock.advance(11 * 60_000);
    const written = await post(s.b.token, { board_id: programmeBoard, title: '坏蛋才不来', body: '内容' });
    const pid = written.body.data!.id;
    expect((await call(t.app, 'POST', `/api/teacher/forum/posts/${pid}/hide`, { token: staff, body: { reason: '不友善' } })).http).toBe(403);
    expect((await queueOf(staff, 'admin')).items.map((i) => i.id)).toContain(pid);
    expect((await call<{ status: string }>(t.app, 'POST', `/api/admin/forum/posts/${pid}/hide`, { token: staff, body: { reason: '不友善' } })).body.data!.status).toBe('hidden');
  });

  it('a TF of the course and the CSL of the house moderate their own boards only', async () => {
    const tf = await createStaffToken(t, 'teacher');
    await t.db.insert(courseAssistants).values({ courseId, accountId: await staffId(tf) });
    const course = await boardOfKind(s.a.token, 'course');
    const house = await boardOfKind(s.a.token, 'house');
    t.clock.advance(11 * 60_000);
    const onCourse = (await post(s.a.token, { board_id: course.id, title: '课程帖', body: '内容' })).body.data!.id;
    const onHouse = (await post(s.a.token, { board_id: house.id, title: '学院帖', body: '内容' })).body.data!.id;
    const hide = (token: string, id: number) => call<{ status: string }>(t.app, 'POST', `/api/teacher/forum/posts/${id}/hide`, { token, body: { reason: '测试' } });
    expect((await detail(tf, onCourse, 'teacher')).body.data!.can_moderate).toBe(true);
    expect((await hide(tf, onHouse)).http).toBe(403);
    expect((await hide(tf, onCourse)).body.data!.status).toBe('hidden');
    expect((await detail(csl, onHouse, 'teacher')).body.data!.can_moderate).toBe(true);
    expect((await hide(csl, onCourse)).http).toBe(403);
    expect((await hide(csl, onHouse)).body.data!.status).toBe('hidden');
    expect((await detail(s.b.token, onHouse)).body.status).toBe(4001);
  });

  it('reports go to the queue; enough different readers hold the post; one report per person', async () => {
    t.clock.advance(11 * 60_000);
    const written = await post(s.c.token, { board_id: programmeBoard, title: '奇怪的帖子', body: '内容' });
    const id = written.body.data!.id;
    const reportAs = (token: string, reason = '不友善') => call(t.app, 'POST', `/api/student/forum/posts/${id}/reports`, { token, body: { reason } });
    expect((await reportAs(s.c.token)).body.msg).toBe(FORUM_MSG.CANNOT_REPORT_OWN);
    expect((await reportAs(s.a.token)).body).toMatchObject({ status: 200, msg: FORUM_MSG.REPORTED });
    expect((await reportAs(s.a.token)).body).toMatchObject({ status: 4001, msg: FORUM_MSG.ALREADY_REPORTED });
    expect((await detail(s.a.token, id)).body.data!.reported).toBe(true);
    const item = (await queueOf(admin)).items.find((i) => i.id === id && i.kind === 'post')!;
    expect(item).toMatchObject({ status: 'visible', reports: [{ reason: '不友善' }] });
    expect(FORUM_REPORTS_TO_HOLD).toBe(3);
    await reportAs(s.b.token);
    expect((await detail(s.b.token, id)).body.data!.status).toBe('visible');
    const extra = await student('丁同学');
    await call(t.app, 'POST', `/api/student/forum/posts/${id}/reports`, { token: extra.token, body: { reason: '垃圾信息' } });
    expect((await detail(s.b.token, id)).body.status).toBe(4001);
    expect((await queueOf(admin)).items.find((i) => i.id === id && i.kind === 'post')).toMatchObject({ status: 'held', hold_reason: 'reports' });
    await call(t.app, 'POST', `/api/admin/forum/posts/${id}/hide`, { token: admin, body: { reason: '多人举报属实' } });
    expect((await queueOf(admin)).items.map((i) => i.id)).not.toContain(id);
  });
});

describe('authors and their own posts', () => {
  it('a student edits and deletes only their own post', async () => {
    t.clock.advance(11 * 60_000);
    const written = await post(s.a.token, { board_id: programmeBoard, title: '原标题', body: '原内容' });
    const id = written.body.data!.id;
    expect((await call(t.app, 'PUT', `/api/student/forum/posts/${id}`, { token: s.b.token, body: { title: '改', body: '改' } })).body.msg).toBe(FORUM_MSG.NOT_YOURS);
    expect((await call(t.app, 'DELETE', `/api/student/forum/posts/${id}`, { token: s.b.token })).body.msg).toBe(FORUM_MSG.NOT_YOURS);
    expect((await detail(s.b.token, id)).body.data!.title).toBe('原标题');
    const edited = await call<ForumWritten>(t.app, 'PUT', `/api/student/forum/posts/${id}`, { token: s.a.token, body: { title: '新标题', body: '新内容 坏蛋' } });
    expect(edited.body.data!.status).toBe('held');
    const clean = await call<ForumWritten>(t.app, 'PUT', `/api/student/forum/posts/${id}`, { token: s.a.token, body: { title: '新标题', body: '新内容' } });
    expect(clean.body.data!.status).toBe('visible');
    expect((await detail(s.b.token, id)).body.data!).toMatchObject({ title: '新标题', body: '新内容', edited_at: expect.any(String) });
    expect((await call(t.app, 'DELETE', `/api/student/forum/posts/${id}`, { token: s.a.token })).body.msg).toBe(FORUM_MSG.DELETED);
    expect((await detail(s.a.token, id)).body.status).toBe(4001);
    // Kept for staff: the row stays, marked deleted.
    const [row] = await t.db.select().from(forumPosts).where(eq(forumPosts.id, id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('a student deletes only their own reply', async () => {
    const target = (await postsOf(s.a.token, programmeBoard)).body.data!.items.find((p) => p.status === 'visible')!;
    const reply = await call<ForumWritten>(t.app, 'POST', `/api/student/forum/posts/${target.id}/replies`, { token: s.a.token, body: { body: '同意' } });
    const rid = reply.body.data!.id;
    expect((await call(t.app, 'DELETE', `/api/student/forum/replies/${rid}`, { token: s.b.token })).body.msg).toBe(FORUM_MSG.NOT_YOURS);
    expect((await call(t.app, 'DELETE', `/api/student/forum/replies/${rid}`, { token: s.a.token })).body.status).toBe(200);
    expect((await detail(s.a.token, target.id)).body.data!.replies.map((r) => r.id)).not.toContain(rid);
  });
});

describe('the posting limit', () => {
  it(`allows ${FORUM_POSTS_PER_WINDOW} posts per 10 minutes per student, then 429 with the limit's message`, async () => {
    t.clock.advance(11 * 60_000);
    const limited = await student('戊同学');
    for (let i = 0; i < FORUM_POSTS_PER_WINDOW; i++) expect((await post(limited.token, { board_id: programmeBoard, title: `第${i}帖`, body: '内容' })).body.status).toBe(200);
    const over = await post(limited.token, { board_id: programmeBoard, title: '多一帖', body: '内容' });
    expect({ http: over.http, status: over.body.status, msg: over.body.msg }).toEqual({ http: 429, status: 4001, msg: FORUM_MSG.POST_LIMIT });
    t.clock.advance(10 * 60_000);
    expect((await post(limited.token, { board_id: programmeBoard, title: '十分钟后', body: '内容' })).body.status).toBe(200);
  });
});

describe('likes', () => {
  it('one like per person; unlike removes it', async () => {
    const target = (await postsOf(s.b.token, programmeBoard)).body.data!.items.find((p) => p.status === 'visible')!;
    const likeAs = (token: string, method: 'POST' | 'DELETE') => call<ForumLikeState>(t.app, method, `/api/student/forum/posts/${target.id}/likes`, { token });
    expect((await likeAs(s.b.token, 'POST')).body.data).toEqual({ post_id: target.id, liked: true, like_count: 1 });
    expect((await likeAs(s.b.token, 'POST')).body.data).toEqual({ post_id: target.id, liked: true, like_count: 1 });
    expect((await likeAs(s.b.token, 'DELETE')).body.data).toEqual({ post_id: target.id, liked: false, like_count: 0 });
    expect((await likeAs(s.b.token, 'DELETE')).body.data!.like_count).toBe(0);
  });

  it('200 concurrent likes from 200 students (each sent twice) count exactly 200', async () => {
    t.clock.advance(11 * 60_000);
    const written = await post(s.b.token, { board_id: programmeBoard, title: '点赞测试', body: '请点赞' });
    const id = written.body.data!.id;
    const crowd = await Promise.all(Array.from({ length: 200 }, (_, i) => student(`点赞${i}`)));
    const results = await Promise.all([...crowd, ...crowd].map((c) => call<ForumLikeState>(t.app, 'POST', `/api/student/forum/posts/${id}/likes`, { token: c.token })));
    expect(results.every((r) => r.body.status === 200)).toBe(true);
    expect((await detail(s.a.token, id)).body.data!.like_count).toBe(200);
    await Promise.all(crowd.slice(0, 50).map((c) => call(t.app, 'DELETE', `/api/student/forum/posts/${id}/likes`, { token: c.token })));
    expect((await detail(s.a.token, id)).body.data!).toMatchObject({ like_count: 150, liked: false });
  }, 60_000);

  it('likes and reports are for students; no login is 401', async () => {
    expect((await call(t.app, 'POST', `/api/student/forum/posts/1/likes`, { token: teacher })).http).toBe(403);
    expect((await call(t.app, 'POST', `/api/student/forum/posts/1/likes`)).http).toBe(401);
    expect((await call(t.app, 'GET', '/api/teacher/forum/queue', { token: s.a.token })).body.msg).toBe(MSG.NO_PERMISSION);
  });
});
