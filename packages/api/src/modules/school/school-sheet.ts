/**
 * The school's student list as .xlsx, streamed: exceljs's streaming writer commits each row as it goes, and the
 * rows arrive in batches from the database, so memory stays flat however long the list. Cells are text (never
 * formulas), times in Beijing time, fees as 已缴/未缴 only.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
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

/** 2026-07-01T02:05:00Z → 2026-07-01 10:05 (UTC+8, no daylight saving). */
export function beijingTime(isoTime: string | null): string {
  if (!isoTime) return '';
  return new Date(Date.parse(isoTime) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

// A leading = + - @ would be a formula in a spreadsheet: keep such text as text.
const safe = (text: string | null) => (text == null ? '' : /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function rowOf(s: SchoolStudentItem): Array<string | number> {
  return [
    s.user_id,
    safe(s.name),
    s.phone,
    safe(s.grade),
    SIGNUP_STATUS_LABELS[s.signup_status],
    s.batch ? (BATCH_LABELS[s.batch as keyof typeof BATCH_LABELS] ?? safe(s.batch)) : '',
    PAID_LABELS[String(s.apply_paid) as 'true' | 'false'],
    SCHOOL_DECISION_LABELS[s.decision],
    safe(s.session),
    safe(s.track),
    PAID_LABELS[String(s.tuition_paid) as 'true' | 'false'],
    safe(s.venue),
    s.recommended ? '已推荐' : '',
    beijingTime(s.registered_at),
    beijingTime(s.step1_submitted_at),
    beijingTime(s.step2_submitted_at),
  ];
}

/** Starts writing at once and returns the stream the bytes come out of; an error midway destroys it. */
export function writeSchoolStudentSheet(batches: AsyncIterable<SchoolStudentItem[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Summit';
  const sheet = workbook.addWorksheet('学生名单', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SCHOOL_SHEET_HEADERS.map((header, i) => ({ header, width: WIDTHS[i] ?? 12 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    for await (const batch of batches) {
      for (const s of batch) sheet.addRow(rowOf(s)).commit();
      // Back-pressure: a slow download pauses the database reads instead of piling rows up in memory.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
