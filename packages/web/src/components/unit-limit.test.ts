import { describe, expect, it } from 'vitest';
import { countTextUnits } from '@summit/domain/validation';
import { limitEdit } from './unit-limit.ts';

describe('limitEdit', () => {
  it('drops invisible control characters and broken surrogates a paste brings, keeping the text around them', () => {
    expect(limitEdit('', '第一段\u000b第二段\u0000完', 100)).toBe('第一段第二段完');
    expect(limitEdit('a', 'a\uD800b😀', 100)).toBe('ab😀');
    expect(limitEdit('', '换行\n制表\t保留', 100)).toBe('换行\n制表\t保留');
  });

  it('takes an edit that fits', () => {
    expect(limitEdit('我', '我们', 2)).toBe('我们');
  });

  it('stops a paste at exactly the limit', () => {
    const pasted = limitEdit('', '长'.repeat(900), 800);
    expect(pasted).toBe('长'.repeat(800));
    expect(countTextUnits(pasted)).toBe(800);
  });

  it('cuts the inserted text at the caret, never the text already there', () => {
    expect(limitEdit('开头结尾', '开头一二三结尾', 6)).toBe('开头一二结尾');
    expect(limitEdit('ab cd', 'ab xx yy zz cd', 3)).toBe('ab xx cd');
  });

  it('typing at the limit changes nothing; deleting does', () => {
    const full = '字'.repeat(10);
    expect(limitEdit(full, `${full}多`, 10)).toBe(full);
    expect(limitEdit(full, full.slice(1), 10)).toBe(full.slice(1));
  });

  it('an old draft over the limit can be shortened but not grown', () => {
    const over = '字'.repeat(12);
    expect(limitEdit(over, over.slice(2), 10)).toBe(over.slice(2));
    expect(limitEdit(over, over.slice(1), 10)).toBe(over.slice(1));
    expect(limitEdit(over, `${over}再`, 10)).toBe(over);
  });

  it('holds the character cap too and keeps surrogate pairs whole', () => {
    expect(limitEdit('', 'a'.repeat(30), 800, 10)).toBe('');
    expect(limitEdit('好', '好😀😀', 2)).toBe('好😀');
  });
});
