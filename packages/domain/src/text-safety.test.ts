import { describe, expect, it } from 'vitest';
import { isStorableText } from './text-safety.ts';

describe('isStorableText', () => {
  it.each([
    ['plain', 'Summit 高中生夏季学术项目'],
    ['tab, newline, carriage return', 'a\tb\nc\r\n'],
    ['emoji (a surrogate pair)', '加油😀👍🏽'],
    ['CJK extension B', '𠮷野家'],
    ['bidi override and zero-width (valid text, shown escaped by the UI)', 'a\u202eb\u200bc'],
    ['DEL and C1 controls are still text PostgreSQL stores', 'a\u007fb\u0085c'],
    ['empty', ''],
  ])('accepts %s', (_label, text) => {
    expect(isStorableText(text)).toBe(true);
  });

  it.each([
    ['U+0000', 'a\u0000b'],
    ['bell', '\u0007'],
    ['vertical tab', 'a\u000bb'],
    ['escape', '\u001b[31m'],
    ['unit separator', '\u001f'],
    ['lone high surrogate', 'a\ud800b'],
    ['lone high surrogate at the end', 'abc\ud83d'],
    ['lone low surrogate', '\udc00x'],
    ['reversed pair', '\ude00\ud83d'],
  ])('refuses %s', (_label, text) => {
    expect(isStorableText(text)).toBe(false);
  });
});
