/** The Students console's export (decisions 062, 065, 066): the list's columns, Chinese headers, Beijing times. */
import type { Readable } from 'node:stream';
import { ACTIVE_TYPES, ADMISSION_DECISION_LABELS, SIGNUP_STATUS_LABELS, STUDENT_STAGE_LABELS, type AdminStudentItem } from '@summit/domain';
import { beijingTime, streamSheet, type SheetColumn } from '../../exports/sheet-stream.ts';

export const STUDENT_SHEET_COLUMNS: SheetColumn<AdminStudentItem>[] = [
  { header: '学生ID', width: 10, value: (s) => s.user_id },
  { header: '姓名', width: 12, value: (s) => s.name },
  { header: '手机号', width: 14, value: (s) => s.phone },
  { header: '学校', width: 24, value: (s) => s.school },
  { header: '省份', width: 10, value: (s) => s.province },
  { header: '年级', width: 8, value: (s) => s.grade },
  { header: '批次', width: 8, value: (s) => s.batch },
  { header: '进度', width: 14, value: (s) => STUDENT_STAGE_LABELS[s.stage] },
  { header: '申请状态', width: 14, value: (s) => SIGNUP_STATUS_LABELS[s.signup_status] },
  { header: '录取结果', width: 12, value: (s) => (s.decision ? `${ADMISSION_DECISION_LABELS[s.decision]}${s.decision_released ? '' : '（未公布）'}` : '') },
  { header: '期次', width: 10, value: (s) => s.session },
  { header: '会场', width: 14, value: (s) => s.venue },
  { header: '学院', width: 10, value: (s) => s.house },
  { header: '身份类型', width: 10, value: (s) => ACTIVE_TYPES[s.active_type as keyof typeof ACTIVE_TYPES] ?? String(s.active_type) },
  { header: '标签', width: 20, value: (s) => s.tags.join('、') },
  { header: '学费', width: 8, value: (s) => (s.tuition_paid ? '已缴' : '未缴') },
  { header: '缴纳学费时间（北京时间）', width: 22, value: (s) => beijingTime(s.tuition_paid_at) },
  { header: '注册时间（北京时间）', width: 20, value: (s) => beijingTime(s.registered_at) },
];

export function writeStudentSheet(batches: AsyncIterable<AdminStudentItem[]>): Readable {
  return streamSheet('学生名单', STUDENT_SHEET_COLUMNS, batches);
}
