/**
 * The demo programme's structure after admission (decisions 039–045): three venues, the twelve houses, ~24 first-session
 * courses across every category with meetings on the first session's days (a few clashing pairs, so the course
 * centre's clash rule can be shown), and the paid demo students' venues. Runs inside the demo seed's
 * transaction; every insert is idempotent by its natural key.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_PROGRAMME_FACTS, sessionOf, type CourseCategory, type CourseLanguage } from '@summit/domain';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { courseMeetings, courses, houses, venueAssignments, venues } from '../db/schema-courses.ts';
import { selectionRounds } from '../db/schema-course-centre.ts';
import { houseCupEntries } from '../db/schema-house-cup.ts';
import { resultPublications } from '../db/schema-venue-house.ts';
import { insertEntryAudited } from '../modules/house-cup/house-cup.repo.ts';
import { ensureHouses } from '../modules/venues/venues.repo.ts';
import { seedDemoTeaching } from './demo-teaching.ts';

export const DEMO_VENUES = [
  { placeName: 'beijing', name: '北京会场', city: '北京', isBeijing: true, capacity: 300, professionalTracks: ['人文社科', '理工科学'], address: '北京市海淀区颐和园路5号', sort: 1 },
  { placeName: 'shanghai', name: '上海会场', city: '上海', isBeijing: false, capacity: 200, professionalTracks: ['商业经济', 'H-'], address: '上海市杨浦区邯郸路220号', sort: 2 },
  { placeName: 'online', name: '线上会场', city: '', isBeijing: false, capacity: 1000, professionalTracks: [], address: '', sort: 3 },
] as const;

/** Which venue each paid demo student is at (phone → place_name). */
export const DEMO_VENUE_OF: Readonly<Record<string, string>> = { '13900000006': 'beijing', '13900000007': 'shanghai' };

const WANG = '13800000002';
const LI = '13800000003';

interface DemoCourse {
  code: string;
  title: string;
  category: CourseCategory;
  teacher: typeof WANG | typeof LI | { guest: string };
  venue?: 'beijing' | 'shanghai';
  capacity: number;
  language?: CourseLanguage;
  /** [day of the session (0 = its first day), "HH:mm", "HH:mm", location]. */
  meetings: ReadonlyArray<readonly [number, string, string, string]>;
  description: string;
}

const daily = (days: readonly number[], from: string, to: string, where: string) => days.map((d) => [d, from, to, where] as const);
const WEEK = [2, 3, 4, 5, 6];

// Days count from the first session's first day (the demo's 7月17日). Clashing on purpose: SEM-101/SEM-102 (day 2,
// 14:00), FC-01/FC-02 (day 1, 19:00), CW-01/CW-02 overlap by half an hour on day 3.
const DEMO_COURSES: readonly DemoCourse[] = [
  { code: 'MAJ-HUM-101', title: '社会学导论：个人与结构', category: 'major', teacher: WANG, capacity: 40, meetings: daily(WEEK, '09:00', '10:30', '线上课堂 A'), description: '从日常生活出发理解社会结构，学习提出社会学问题。' },
  { code: 'MAJ-HUM-102', title: '历史研究方法', category: 'major', teacher: LI, capacity: 40, meetings: daily(WEEK, '09:00', '10:30', '线上课堂 B'), description: '档案、口述与数据：历史学家如何使用证据。' },
  { code: 'MAJ-SCI-101', title: '数据科学入门', category: 'major', teacher: WANG, venue: 'beijing', capacity: 30, meetings: daily(WEEK, '09:00', '10:30', '北京 理科楼 201'), description: '用 Python 清洗、分析与可视化真实数据。' },
  { code: 'MAJ-SCI-102', title: '生命科学前沿', category: 'major', teacher: LI, venue: 'beijing', capacity: 30, meetings: daily(WEEK, '10:45', '12:15', '北京 生科楼 105'), description: '从基因编辑到合成生物学的核心概念。' },
  { code: 'MAJ-ECO-101', title: '经济学原理', category: 'major', teacher: WANG, venue: 'shanghai', capacity: 35, meetings: daily(WEEK, '09:00', '10:30', '上海 经管楼 301'), description: '供求、激励与市场：经济学的思维方式。' },
  { code: 'MAJ-ECO-102', title: '商业分析与决策', category: 'major', teacher: LI, venue: 'shanghai', capacity: 35, language: 'bilingual', meetings: daily(WEEK, '10:45', '12:15', '上海 经管楼 302'), description: '案例驱动的商业问题拆解与量化决策。' },
  { code: 'SEM-101', title: '研讨课：城市与记忆', category: 'seminar', teacher: WANG, capacity: 20, meetings: [[2, '14:00', '15:30', '线上研讨室 1'], [4, '14:00', '15:30', '线上研讨室 1']], description: '阅读城市史文本，讨论空间如何承载记忆。' },
  { code: 'SEM-102', title: '研讨课：科学与伦理', category: 'seminar', teacher: LI, capacity: 20, meetings: [[2, '14:00', '15:30', '线上研讨室 2'], [4, '14:00', '15:30', '线上研讨室 2']], description: '围绕人工智能与基因技术的伦理争议展开讨论。' },
  { code: 'SEM-103', title: '研讨课：中国经济改革四十年', category: 'seminar', teacher: WANG, capacity: 20, meetings: [[3, '14:00', '15:30', '线上研讨室 3'], [5, '14:00', '15:30', '线上研讨室 3']], description: '从农村改革到数字经济的关键节点。' },
  { code: 'SEM-104', title: 'Seminar: Reading Great Books', category: 'seminar', teacher: LI, capacity: 18, language: 'en', meetings: [[3, '14:00', '15:30', 'Online Room 4'], [5, '14:00', '15:30', 'Online Room 4']], description: 'Close reading and discussion of classic texts, in English.' },
  { code: 'SEM-105', title: '研讨课：北京中轴线', category: 'seminar', teacher: WANG, venue: 'beijing', capacity: 15, meetings: [[6, '14:00', '16:00', '北京 人文楼 110']], description: '实地考察与讨论中轴线的规划思想。' },
  { code: 'FC-01', title: '前沿对话：人工智能会取代科学家吗', category: 'fc', teacher: { guest: '陈教授' }, capacity: 80, meetings: [[1, '19:00', '20:30', '线上报告厅']], description: '与人工智能研究者对谈科学发现的未来。' },
  { code: 'FC-02', title: '前沿对话：气候变化与能源转型', category: 'fc', teacher: { guest: '刘研究员' }, capacity: 80, meetings: [[1, '19:00', '20:30', '线上报告厅 2']], description: '碳中和路径上的技术与政策选择。' },
  { code: 'FC-03', title: '前沿对话：脑科学与意识', category: 'fc', teacher: { guest: '周教授' }, capacity: 80, meetings: [[3, '19:00', '20:30', '线上报告厅']], description: '我们如何研究意识，研究到了哪里。' },
  { code: 'FC-04', title: '前沿对话：全球化的下一站', category: 'fc', teacher: { guest: '吴教授' }, capacity: 80, meetings: [[5, '19:00', '20:30', '线上报告厅']], description: '供应链重构与国际经济秩序。' },
  { code: 'FC-05', title: 'Frontier Conversation: Space Exploration', category: 'fc', teacher: { guest: 'Dr. Miller' }, capacity: 80, language: 'en', meetings: [[7, '19:00', '20:30', 'Online Hall']], description: 'What the next decade of space science may bring.' },
  { code: 'CW-01', title: '基石工作坊：学术写作', category: 'cw', teacher: LI, capacity: 25, meetings: [[3, '16:00', '17:30', '线上工作坊 1']], description: '从提出论点到组织论证，写一篇短论文。' },
  { code: 'CW-02', title: '基石工作坊：批判性思维', category: 'cw', teacher: WANG, capacity: 25, meetings: [[3, '17:00', '18:30', '线上工作坊 2']], description: '识别论证中的假设与谬误。' },
  { code: 'CW-03', title: '基石工作坊：文献检索与阅读', category: 'cw', teacher: LI, capacity: 25, meetings: [[4, '16:00', '17:30', '线上工作坊 1']], description: '高效找到并读懂学术文献。' },
  { code: 'CW-04', title: '基石工作坊：公开表达', category: 'cw', teacher: WANG, capacity: 25, meetings: [[5, '16:00', '17:30', '线上工作坊 2']], description: '结构化地表达观点并回应提问。' },
  { code: 'CW-05', title: '基石工作坊：研究设计', category: 'cw', teacher: LI, capacity: 25, meetings: [[6, '16:00', '17:30', '线上工作坊 1']], description: '把好奇心变成可以回答的研究问题。' },
  { code: 'MC-01', title: '大师课：什么是好的问题', category: 'master_class', teacher: { guest: '张院士' }, capacity: 200, meetings: [[1, '10:00', '11:30', '线上大礼堂']], description: '一位科学家的提问之道。' },
  { code: 'MC-02', title: '大师课：文学与时代', category: 'master_class', teacher: { guest: '王教授' }, capacity: 200, meetings: [[7, '10:00', '11:30', '线上大礼堂']], description: '文学如何记录与塑造时代。' },
  { code: 'CAP-01', title: '毕业项目：小组研究展示', category: 'capstone', teacher: WANG, capacity: 60, meetings: [[7, '14:00', '17:00', '线上展示厅'], [8, '09:00', '12:00', '线上展示厅']], description: '以小组为单位完成并展示一项研究。' },
];

/** An instant on the given day of the session, at Beijing wall-clock HH:mm. */
function atDay(sessionStart: string, day: number, hhmm: string): Date {
  const first = new Date(Date.parse(sessionStart) + 8 * 3_600_000).toISOString().slice(0, 10);
  const date = new Date(Date.parse(`${first}T00:00:00+08:00`) + day * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  return new Date(`${date}T${hhmm}:00+08:00`);
}

export async function seedDemoStructure(tx: Db, options: { adminId: number; now: Date }): Promise<void> {
  const { now } = options;
  await ensureHouses(tx);
  await tx
    .insert(venues)
    .values(DEMO_VENUES.map((v) => ({ ...v, professionalTracks: [...v.professionalTracks], createdAt: now, updatedAt: now })))
    .onConflictDoNothing({ target: venues.placeName });
  const venueRows = await tx.select({ id: venues.id, placeName: venues.placeName }).from(venues);
  const venueId = new Map(venueRows.map((v) => [v.placeName, v.id]));

  const teacherRows = await tx
    .select({ id: accounts.id, phone: accounts.phone, name: accounts.name })
    .from(accounts)
    .where(and(inArray(accounts.phone, [WANG, LI]), eq(accounts.role, 'teacher')));
  const teacher = new Map(teacherRows.map((t) => [t.phone, t]));

  const first = sessionOf(DEFAULT_PROGRAMME_FACTS, 'first');
  if (!first) throw new Error('demo seed: the default programme facts have no first session');
  for (const c of DEMO_COURSES) {
    const account = typeof c.teacher === 'string' ? teacher.get(c.teacher) : undefined;
    const [row] = await tx
      .insert(courses)
      .values({
        code: c.code,
        title: c.title,
        teacherId: account?.id ?? null,
        teacherName: typeof c.teacher === 'string' ? (account?.name ?? '') : c.teacher.guest,
        category: c.category,
        sessionKey: 'first',
        period: 1,
        venueId: c.venue ? (venueId.get(c.venue) ?? null) : null,
        capacity: c.capacity,
        language: c.language ?? 'zh',
        description: c.description,
        syllabus: c.meetings.map((m, i) => `第${i + 1}次课：${c.title.replace(/^.*?：/, '')}（${m[3]}）`).join('\n'),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: courses.id });
    if (!row) continue;
    await tx.insert(courseMeetings).values(c.meetings.map(([day, from, to, location]) => ({ courseId: row.id, startsAt: atDay(first.starts_at, day, from), endsAt: atDay(first.starts_at, day, to), location })));
  }

  const students = await tx
    .select({ id: accounts.id, phone: accounts.phone })
    .from(accounts)
    .where(inArray(accounts.phone, Object.keys(DEMO_VENUE_OF)));
  for (const s of students) {
    const id = venueId.get(DEMO_VENUE_OF[s.phone] ?? '');
    if (id === undefined) continue;
    await tx.insert(venueAssignments).values({ studentId: s.id, venueId: id, method: 'manual', assignedBy: options.adminId, assignedAt: now }).onConflictDoNothing();
  }

  // The venue result is out for the whole programme, so the paid demo students see their venue and can choose
  // courses; the house result is left for an admin to sort and publish (the reveal is part of the demo).
  await tx.insert(resultPublications).values({ kind: 'venue', venueId: null, publishAt: now, publishedBy: options.adminId }).onConflictDoNothing();
  // One grab round of the first session, open for two weeks from the first start.
  const [round] = await tx.select({ id: selectionRounds.id }).from(selectionRounds).limit(1);
  if (!round) {
    await tx.insert(selectionRounds).values({
      name: '第一期选课',
      sessionKey: 'first',
      venueId: null,
      categories: ['major', 'seminar', 'fc', 'cw', 'master_class', 'capstone'],
      mode: 'grab',
      opensAt: now,
      closesAt: new Date(now.getTime() + 14 * 86_400_000),
      status: 'open',
      createdAt: now,
    });
  }
  // The teaching work (decisions 050–058): a live class for the check-in demo (demo-teaching.ts).
  await seedDemoTeaching(tx, options);
  // The operations work (decisions 059–067): a few 学院杯 entries by the demo admin, each with its audit row, so the leaderboard and 操作日志
  // have something to show on a first start.
  const [anyEntry] = await tx.select({ id: houseCupEntries.id }).from(houseCupEntries).limit(1);
  const houseRows = anyEntry ? [] : await tx.select({ id: houses.id, code: houses.code, name: houses.name }).from(houses);
  const houseByCode = new Map(houseRows.map((h) => [h.code, h]));
  for (const [code, points, reason, daysAgo] of anyEntry ? [] : DEMO_HOUSE_CUP) {
    const house = houseByCode.get(code);
    if (!house) continue;
    await insertEntryAudited(tx, { houseId: house.id, houseName: house.name, venueId: null, points, reason, giverId: options.adminId, now: new Date(now.getTime() - daysAgo * 86_400_000) });
  }
}

const DEMO_HOUSE_CUP: ReadonlyArray<readonly [code: string, points: number, reason: string, daysAgo: number]> = [
  ['phoenix', 20, '开营破冰活动第一名', 3],
  ['dragon', 15, '学院辩论赛冠军', 2],
  ['qilin', 10, '志愿服务时长最多', 1],
];
