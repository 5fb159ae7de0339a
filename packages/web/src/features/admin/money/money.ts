/** Money in the admin pages: integer fen on the wire, yuan with two decimals on screen (¥16,800.00). */
const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  return `${sign}¥${yuan.format(Math.abs(fen) / 100)}`;
}

/** A yuan amount typed by an admin (at most 2 decimals) → fen; null when it is not a valid amount. */
export function yuanToFen(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export function fenToYuan(fen: number): number {
  return fen / 100;
}
