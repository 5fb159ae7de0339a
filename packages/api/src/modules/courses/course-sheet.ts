/**
 * The course sheet in Excel (exceljs): written from and read into the domain's COURSE_SHEET_COLUMNS, so export,
 * template and import agree on every header. Reading only turns cells into text by header; every rule lives in
 * the domain's parser.
 */
import ExcelJS from 'exceljs';
import { COURSE_MSG, COURSE_SHEET_COLUMNS, COURSE_SHEET_NAME, type CourseSheetColumn, type CourseSheetSource } from '@summit/domain';

const columns = COURSE_SHEET_COLUMNS as ReadonlyArray<CourseSheetColumn>;

/** One row per course; meetings in one cell (Beijing time), so a row is a whole course and upserts as one. */
export async function writeCourseSheet(rows: readonly CourseSheetSource[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Summit';
  const sheet = workbook.addWorksheet(COURSE_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  columns.forEach((c, index) => {
    sheet.getCell(1, index + 1).note = c.hint;
  });
  for (const course of rows) sheet.addRow(columns.map((c) => c.format(course)));
  // Long texts: the cells are text, never formulas (a title starting with "=" stays a title).
  const help = workbook.addWorksheet('填写说明');
  help.columns = [
    { header: '列', key: 'header', width: 14 },
    { header: '说明', key: 'hint', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of columns) help.addRow([c.header, c.hint]);
  help.addRow([]);
  help.addRow(['导入规则', '按“课程代码 + 期次 + 时段”新增或更新；任何一行有错时整张表都不导入，并列出每个错误的行和列。']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type SheetReadResult =
  | { kind: 'rows'; rows: Array<{ row: number; cells: Record<string, string> }> }
  | { kind: 'error'; column: string; message: string };

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((t) => t.text).join('');
  if (typeof v === 'object' && 'result' in v) return v.result === undefined || v.result === null ? '' : String(v.result as unknown);
  if (typeof v === 'object' && 'text' in v) return String(v.text);
  return cell.text ?? '';
}

/** The first sheet's rows as text by header (row 1). A missing header is reported; empty rows are skipped. */
export async function readCourseSheet(buffer: Buffer): Promise<SheetReadResult | null> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = workbook.getWorksheet(COURSE_SHEET_NAME) ?? workbook.worksheets[0];
  if (!sheet) return null;
  const headerAt = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell).trim();
    if (text && !headerAt.has(text)) headerAt.set(text, col);
  });
  for (const c of columns) {
    if (!headerAt.has(c.header)) return { kind: 'error', column: c.header, message: COURSE_MSG.IMPORT_HEADER(c.header) };
  }
  const rows: Array<{ row: number; cells: Record<string, string> }> = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: Record<string, string> = {};
    let any = false;
    for (const c of columns) {
      const text = cellText(row.getCell(headerAt.get(c.header) ?? 0));
      cells[c.header] = text;
      if (text.trim()) any = true;
    }
    if (any) rows.push({ row: rowNumber, cells });
  });
  return { kind: 'rows', rows };
}
