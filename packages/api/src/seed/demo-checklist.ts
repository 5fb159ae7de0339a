/**
 * The demo programme's 入学清单 (decision 046): the four onboarding forms and one reading, due in the weeks
 * after the demo's start, so the paid demo students (13900000006/07) have a checklist to work through; then the
 * onboarding sign-ups (done by signing up on their pages), the orientation and the two readings (我已阅读).
 */
import type { Db } from '../db/client.ts';
import { checklistItems } from '../db/schema-checklist.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 86_400_000;

export async function seedDemoChecklist(tx: Tx, now: Date): Promise<void> {
  // 23:59 Beijing time on the day `days` days after now: a deadline reads as the end of a day, not the seed's minute.
  const due = (days: number) => new Date(`${new Date(now.getTime() + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10)}T23:59:00+08:00`);
  await tx.insert(checklistItems).values([
    { key: 'form:basic', title: '填写基本信息', description: '用于制作学生证与准备迎新礼包。', kind: 'form', required: true, dueAt: due(14), targetPath: '/scene-form/basic', sort: 1 },
    { key: 'form:health', title: '填写健康信息', description: '须由监护人确认；加密保存。', kind: 'form', required: true, dueAt: due(14), targetPath: '/scene-form/health', sort: 2 },
    { key: 'form:address', title: '填写邮寄地址', description: '迎新礼包将寄往此地址。', kind: 'form', required: true, dueAt: due(21), targetPath: '/scene-form/address', sort: 3 },
    { key: 'form:previous', title: '填写教育背景', description: '', kind: 'form', required: false, dueAt: due(21), targetPath: '/student/previous/info', sort: 4 },
    { key: 'confirm:handbook', title: '阅读学生手册', description: '开营前请阅读学生手册与营规。', kind: 'reading', required: true, dueAt: due(28), targetPath: '', sort: 5 },
    { key: 'signup:major_confirmed', title: '确认专业方向', description: '名额有限，确认后可在截止前更换。', kind: 'signup', required: true, dueAt: due(14), targetPath: '/student/admission/major', sort: 6 },
    { key: 'signup:csi', title: '报名 SSI 社会创新项目', description: '', kind: 'signup', required: false, dueAt: due(21), targetPath: '/student/admission/csi', sort: 7 },
    { key: 'signup:podcast', title: '报名 Summit 播客', description: '', kind: 'signup', required: false, dueAt: due(21), targetPath: '/student/admission/podcast', sort: 8 },
    { key: 'signup:master_class', title: '报名大师课', description: '', kind: 'signup', required: false, dueAt: due(21), targetPath: '/student/admission/master-class', sort: 9 },
    { key: 'signup:pilot_study', title: '报名先导研究', description: '', kind: 'signup', required: false, dueAt: due(21), targetPath: '/student/pilot-study', sort: 10 },
    { key: 'signup:info_session', title: '报名院校说明会', description: '', kind: 'signup', required: false, dueAt: due(28), targetPath: '/student/college-info-session', sort: 11 },
    { key: 'confirm:orientation', title: '阅读入学指南', description: '开营前需要准备的事项、开营头几天的日程与项目守则。', kind: 'reading', required: true, dueAt: due(28), targetPath: '/student/manage/orientation', sort: 12 },
    { key: 'confirm:admission-positive', title: '阅读《录取后的积极准备》', description: '', kind: 'reading', required: false, dueAt: due(28), targetPath: '/student/admission-positive', sort: 13 },
    { key: 'confirm:elite-schools-know', title: '阅读《名校须知》', description: '', kind: 'reading', required: false, dueAt: due(28), targetPath: '/student/elite-schools-know', sort: 14 },
  ]);
}
