/**
 * Every list export (decisions 065, 066) is written here: an .xlsx from exceljs's streaming writer, one sheet, Chinese
 * headers, rows committed as they arrive in batches from the database, so memory stays flat however long the list
 * (50,000 rows in bench:admin). Cells are values, never formulas; money is yuan with two decimals; times are Beijing
 * time. No HTTP here: services build the stream, routes send it with http/xlsx-stream.ts sendSheet.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export type SheetCell = string | number | null;

export interface SheetColumn<Row> {
  header: string;
  /** Characters; 12 when absent. */
  width?: number;
  /** Excel number format, e.g. '0.00' for money (see yuanCell). */
  numFmt?: string;
  value: (row: Row) => SheetCell;
}

/** 2026-07-01T02:05:00Z → 2026-07-01 10:05 (UTC+8, no daylight saving). */
export function beijingTime(isoTime: string | Date | null | undefined): string {
  if (!isoTime) return '';
  const ms = isoTime instanceof Date ? isoTime.getTime() : Date.parse(isoTime);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Fen → yuan as a number for a '0.00' column (a cell Excel can sum). */
export function yuanCell(fen: number | null | undefined): number | null {
  return fen == null ? null : Math.round(fen) / 100;
}

export const MONEY_FORMAT = '0.00';

/** The Beijing calendar day as 20260701, for export file names. */
export function beijingDayTag(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
}

/** A leading = + - @ tab or CR would make a spreadsheet read text as a formula: keep such text as text. */
export function safeText(text: string | null | undefined): string {
  return text == null ? '' : /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Starts writing at once and returns the stream the bytes come out of; an error midway destroys it. */
export function streamSheet<Row>(sheetName: string, columns: readonly SheetColumn<Row>[], batches: AsyncIterable<readonly Row[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Summit';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 12, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    for await (const batch of batches) {
      for (const row of batch) {
        sheet.addRow(columns.map((c) => {
          const v = c.value(row);
          return typeof v === 'string' ? safeText(v) : v;
        })).commit();
      }
      // Back-pressure: a slow download pauses the database reads instead of piling rows up in memory.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/**
 * Pages through a list by a numeric key (keyset, not OFFSET) so each batch is one indexed query, however deep.
 * `fetch(after, limit)` returns rows with key > after in key order.
 */
export async function* keysetBatches<Row>(fetch: (after: number, limit: number) => Promise<Row[]>, keyOf: (row: Row) => number, size = 1000): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = await fetch(after, size);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1] as Row);
  }
}
