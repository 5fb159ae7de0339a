import { formatFen } from '@summit/domain/payments';

/**
 * Money on screen: integer fen in, "¥16,800.00" out (the domain's formatter, so the PDF, the sandbox page
 * and these pages agree). Another currency is shown with its code rather than a wrong symbol.
 */
export function formatMoney(fen: number, currency: string = 'CNY'): string {
  const text = formatFen(fen);
  return currency === 'CNY' ? text : `${currency} ${text.replace('¥', '')}`;
}
