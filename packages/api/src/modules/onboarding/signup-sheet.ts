/** The sign-up export (.xlsx, exceljs): one row per sign-up; cells are text, never formulas. */
import ExcelJS from 'exceljs';
import { OFFERING_KIND_LABELS, type AdminSignups } from '@summit/domain';

export async function writeSignupSheet(signups: AdminSignups['signups']): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Summit';
  const sheet = workbook.addWorksheet('报名名单', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '类型', key: 'kind', width: 12 },
    { header: '项目', key: 'title', width: 30 },
    { header: '学生ID', key: 'id', width: 10 },
    { header: '姓名', key: 'name', width: 14 },
    { header: '手机号', key: 'phone', width: 18 },
    { header: '报名时间（北京时间）', key: 'at', width: 22 },
  ];
  sheet.getRow(1).font = { bold: true };
  const beijing = (isoTime: string) => new Date(Date.parse(isoTime) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  // A leading = + - @ would be a formula in a spreadsheet: keep such text as text.
  const safe = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);
  for (const s of signups) {
    sheet.addRow({ kind: OFFERING_KIND_LABELS[s.kind], title: safe(s.offering_title), id: s.student_id, name: safe(s.name), phone: s.phone, at: beijing(s.signed_up_at) });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
