/**
 * The demo programme's 入学清单 (decision 046): the four onboarding forms and one reading, due in the weeks
 * after the demo's start, so the paid demo students (13900000006/07) have a checklist to work through.
 */
import type { Db } from '../db/client.ts';
import { checklistItems } from '../db/schema-checklist.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 86_400_000;

export async function seedDemoChecklist(tx: Tx, now: Date): Promise<void> {
  const due = (days: number) => new Date(now.getTime() + days * DAY);
  await tx.insert(checklistItems).values([
    { key: 'form:basic', title: '填写基本信息', description: '用于制作学生证与准备迎新礼包。', kind: 'form', required: true, dueAt: due(14), targetPath: '/scene-form/basic', sort: 1 },
    { key: 'form:health', title: '填写健康信息', description: '须由监护人确认；加密保存。', kind: 'form', required: true, dueAt: due(14), targetPath: '/scene-form/health', sort: 2 },
    { key: 'form:address', title: '填写邮寄地址', description: '迎新礼包将寄往此地址。', kind: 'form', required: true, dueAt: due(21), targetPath: '/scene-form/address', sort: 3 },
    { key: 'form:previous', title: '填写教育背景', description: '', kind: 'form', required: false, dueAt: due(21), targetPath: '/student/previous/info', sort: 4 },
    { key: 'confirm:handbook', title: '阅读学生手册', description: '开营前请阅读学生手册与营规。', kind: 'reading', required: true, dueAt: due(28), targetPath: '', sort: 5 },
  ]);
}
