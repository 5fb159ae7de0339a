/**
 * The demo's information seminars and counsellors (decision 099), so /wecom/seminar has something to sign up for on
 * `npm start`: two seminars, a counsellor covering Zhejiang, Jiangsu and Shanghai, and a generalist for everyone else. Their WeCom user ids are the WeCom stand-in's members, so the contact-me code and
 * the "added" callback work in demo mode.
 */
import type { Db } from '../db/client.ts';
import { wecomCounsellorProvinces, wecomCounsellors, wecomSeminars } from '../db/schema-wecom-seminar.ts';
import { listStates } from '../modules/region/region.service.ts';

const DAY = 86_400_000;

/** 19:30 Beijing time, `days` days after `now`. */
function eveningIn(now: Date, days: number): Date {
  const beijingDate = new Date(now.getTime() + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10);
  return new Date(`${beijingDate}T19:30:00+08:00`);
}

export async function seedDemoWecomSeminar(tx: Db, options: { now: Date }): Promise<void> {
  const { now } = options;
  await tx.insert(wecomSeminars).values([
    { title: '2026 夏季学术项目招生说明会', description: '项目介绍、课程设置、申请流程与费用说明，现场答疑。', location: '线上（腾讯会议）', startsAt: eveningIn(now, 5), createdAt: now },
    { title: '家长专场说明会', description: '面向家长：住宿安全、日程安排与录取后的准备。', location: '线上（腾讯会议）', startsAt: eveningIn(now, 12), createdAt: now },
  ]);
  const province = new Map(listStates(1).map((s) => [s.name, s.id]));
  const counsellors = await tx
    .insert(wecomCounsellors)
    .values([
      { name: '张老师', wecomUserid: 'ZhangLaoshi', intro: '招生顾问，解答项目、课程与申请的各类问题。', capacity: 200, createdAt: now },
      { name: '李助理', wecomUserid: 'LiZhuli', intro: '负责江浙沪地区的招生咨询。', capacity: 200, createdAt: now },
    ])
    .returning({ id: wecomCounsellors.id, userid: wecomCounsellors.wecomUserid });
  const li = counsellors.find((c) => c.userid === 'LiZhuli')!.id;
  const cover = (id: number, names: string[]) => names.map((n) => province.get(n)).filter((s): s is number => s !== undefined).map((stateId) => ({ counsellorId: id, stateId }));
  await tx.insert(wecomCounsellorProvinces).values(cover(li, ['浙江省', '江苏省', '上海市']));
}
