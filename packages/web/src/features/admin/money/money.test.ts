import { describe, expect, it } from 'vitest';
import { fenToYuan, formatFen, yuanToFen } from './money.ts';

describe('money', () => {
  it('formats fen as yuan with grouping and two decimals', () => {
    expect(formatFen(1_680_000)).toBe('¥16,800.00');
    expect(formatFen(50_000)).toBe('¥500.00');
    expect(formatFen(1)).toBe('¥0.01');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(123_456_789)).toBe('¥1,234,567.89');
  });

  it('converts typed yuan to fen exactly (no floating-point drift)', () => {
    expect(yuanToFen('16800')).toBe(1_680_000);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen('1.1')).toBe(110);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('-1')).toBeNull();
    expect(yuanToFen('')).toBeNull();
    expect(yuanToFen(null)).toBeNull();
    expect(fenToYuan(1999)).toBe(19.99);
  });
});
