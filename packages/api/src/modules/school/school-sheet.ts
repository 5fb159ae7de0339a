/**
 * The school's student list as .xlsx, streamed: exceljs's streaming writer commits each row as it goes, and the
 * rows arrive in batches from the database, so memory stays flat however long the list. Cells are text (never
 * formulas), times in Beijing time, fees as 已缴/未缴 only.
 */
import type { Readable } from 'node:stream';
import { streamSheet, beijingTime, type SheetCell, type SheetColumn } from '../../exports/sheet-stream.ts';
import { PAID_LABELS, SCHOOL_DECISION_LABELS, SIGNUP_STATUS_LABELS, BATCH_LABELS, type SchoolStudentItem } from '@summit/domain';

export const SCHOOL_SHEET_HEADERS = [
  '学生ID',
  '姓名',
  '手机号',
  '年级',
  '申请进度',
  '批次',
  '申请费',
  '录取结果',
  '期次',
  '方向',
  '学费',
  '会场',
  '学校推荐',
  '注册时间（北京时间）',
  '提交第一步时间（北京时间）',
  '提交第二步时间（北京时间）',
] as const;

const WIDTHS = [10, 14, 16, 8, 14, 10, 8, 10, 10, 12, 8, 14, 10, 20, 22, 22];

const paid = (v: boolean) => PAID_LABELS[String(v) as 'true' | 'false'];
const CELLS: Array<(s: SchoolStudentItem) => SheetCell> = [
  (s) => s.user_id,
  (s) => s.name,
  (s) => s.phone,
  (s) => s.grade,
  (s) => SIGNUP_STATUS_LABELS[s.signup_status],
  (s) => (s.batch ? (BATCH_LABELS[s.batch as keyof typeof BATCH_LABELS] ?? s.batch) : ''),
  (s) => paid(s.apply_paid),
  (s) => SCHOOL_DECISION_LABELS[s.decision],
  (s) => s.session,
  (s) => s.track,
  (s) => paid(s.tuition_paid),
  (s) => s.venue,
  (s) => (s.recommended ? '已推荐' : ''),
  (s) => beijingTime(s.registered_at),
  (s) => beijingTime(s.step1_submitted_at),
  (s) => beijingTime(s.step2_submitted_at),
];

export const SCHOOL_SHEET_COLUMNS: SheetColumn<SchoolStudentItem>[] = SCHOOL_SHEET_HEADERS.map((header, i) => ({ header, width: WIDTHS[i], value: CELLS[i] as (s: SchoolStudentItem) => SheetCell }));

/** Starts writing at once and returns the stream the bytes come out of; an error midway destroys it. */
export function writeSchoolStudentSheet(batches: AsyncIterable<SchoolStudentItem[]>): Readable {
  return streamSheet('学生名单', SCHOOL_SHEET_COLUMNS, batches);
}
