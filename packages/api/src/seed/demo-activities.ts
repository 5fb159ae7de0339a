/**
 * The demo's activities (decision 100): an opening ceremony live around the seed's time (so the live link and
 * attendance can be shown at once), the ending ceremony on the third session's last evening, an SBP card and an HAA
 * call open now, and a 上海城市见面会 that opens next week for the 上海会场 only. Runs inside the demo seed's
 * transaction, after the structure (venues) and the accounts (teachers).
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_PROGRAMME_FACTS, sessionOf } from '@summit/domain';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { venues } from '../db/schema-courses.ts';
import { activities, activityAgendaItems } from '../db/schema-activities.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export async function seedDemoActivities(tx: Db, options: { adminId: number; now: Date }): Promise<void> {
  const [existing] = await tx.select({ id: activities.id }).from(activities).limit(1);
  if (existing) return;
  const { now, adminId } = options;
  const [wang] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, '13800000002')).limit(1);
  const [li] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, '13800000003')).limit(1);
  const [shanghai] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.placeName, 'shanghai')).limit(1);
  const hour = Math.floor(now.getTime() / HOUR) * HOUR;
  const opening = new Date(hour + 10 * MIN - HOUR);
  const third = sessionOf(DEFAULT_PROGRAMME_FACTS, 'third');
  // 19:00 Beijing time on the third session's last day.
  const BEIJING = 8 * HOUR;
  const endingDay = third ? Math.floor((Date.parse(third.ends_at) + BEIJING) / DAY) * DAY - BEIJING + 19 * HOUR : now.getTime() + 30 * DAY;
  const ending = new Date(Math.max(endingDay, now.getTime() + 2 * DAY));
  const base = { published: true, createdBy: adminId, createdAt: now, updatedAt: now };

  const rows = await tx
    .insert(activities)
    .values([
      {
        ...base,
        kind: 'opening',
        title: 'Summit 2027 开营典礼',
        content: '<p>欢迎来到 Summit 高中生夏季学术项目！开营典礼将介绍本届项目、十二学院与学术安排，并由教师代表与学生代表致辞。</p><p>请提前 15 分钟进入直播间，进入即记为出席。</p>',
        opensAt: opening,
        closesAt: new Date(opening.getTime() + 2 * HOUR),
        liveUrl: 'https://live.summit.example.cn/opening-2027',
        replayUrl: 'https://live.summit.example.cn/opening-2027/replay',
      },
      {
        ...base,
        kind: 'ending',
        title: 'Summit 2027 结营典礼',
        content: '<p>回顾一个夏天的学习与生活：学院杯颁奖、优秀学员表彰与毕业合影。</p>',
        opensAt: ending,
        closesAt: new Date(ending.getTime() + 2 * HOUR),
        liveUrl: 'https://live.summit.example.cn/ending-2027',
        replayUrl: 'https://live.summit.example.cn/ending-2027/replay',
      },
      {
        ...base,
        kind: 'sbp',
        title: 'SBP 学术衔接项目招募',
        content: '<p>SBP 是夏季项目之后的学术衔接项目：每周一次线上研讨与写作辅导，帮助你把夏天的课题继续做下去。</p><ul><li>面向本届学员</li><li>按周安排，可选课程时长</li></ul>',
        opensAt: new Date(now.getTime() - 3 * DAY),
        closesAt: new Date(now.getTime() + 30 * DAY),
        ctaLabel: '了解并申请',
        ctaUrl: '/sbp',
      },
      {
        ...base,
        kind: 'haa',
        title: 'HAA 学术奖 作品征集',
        content: '<p>HAA 学术奖表彰本届学员在课程与研究中的优秀学术作品。提交一篇课程论文或研究报告，由学术委员会评审。</p>',
        opensAt: new Date(now.getTime() - DAY),
        closesAt: new Date(now.getTime() + 14 * DAY),
        ctaLabel: '查看评选说明',
        ctaUrl: '/inner/haa',
      },
      {
        ...base,
        kind: 'land',
        title: '上海城市见面会',
        content: '<p>线上认识的同学，线下见一面：上海会场的同学周末在复旦大学邯郸校区相聚，参观校园并交流课题。</p>',
        opensAt: new Date(now.getTime() + 7 * DAY),
        closesAt: new Date(now.getTime() + 9 * DAY),
        audienceKind: shanghai ? 'venue' : 'all',
        audienceValues: shanghai ? [String(shanghai.id)] : [],
        ctaLabel: '报名',
        ctaUrl: 'https://summit.example.cn/land/shanghai',
      },
    ])
    .returning({ id: activities.id, kind: activities.kind, opensAt: activities.opensAt });

  const agenda = (kind: string) => rows.find((r) => r.kind === kind)!;
  const op = agenda('opening');
  const en = agenda('ending');
  const item = (activityId: number, start: Date, position: number, title: string, speaker: string, teacherId: number | null, cue: string) => ({ activityId, position, startsAt: start, title, speaker, teacherId, cue });
  const after = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MIN);
  await tx.insert(activityAgendaItems).values([
    item(op.id, op.opensAt, 1, '开场与项目介绍', '项目办公室', null, ''),
    item(op.id, after(op.opensAt, 20), 2, '教师代表致辞', '王老师', wang?.id ?? null, '主持人介绍后开麦，致辞约 8 分钟；结束时说“祝大家度过充实的夏天”，导播切到学院介绍视频。'),
    item(op.id, after(op.opensAt, 35), 3, '十二学院介绍', '各学院 CSL', null, ''),
    item(op.id, after(op.opensAt, 60), 4, '学术安排与课堂须知', '李老师', li?.id ?? null, '共享屏幕讲解课表与签到，预留 5 分钟答疑。'),
    item(op.id, after(op.opensAt, 90), 5, '学生代表发言与合影', '学生代表', null, ''),
    item(en.id, en.opensAt, 1, '夏日回顾', '项目办公室', null, ''),
    item(en.id, after(en.opensAt, 25), 2, '学院杯颁奖', '王老师', wang?.id ?? null, '颁奖名单由项目办公室在典礼前一天发送；按第三名、第二名、第一名顺序宣布。'),
    item(en.id, after(en.opensAt, 60), 3, '优秀学员表彰', '李老师', li?.id ?? null, '念到名字的同学开麦致谢，每人不超过 1 分钟。'),
  ]);
}
