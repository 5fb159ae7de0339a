import { UNSTORABLE_TEXT } from '@summit/domain/text-safety';
import { MAX_TEXT_CHARS, clipToUnits, countTextUnits } from '@summit/domain/validation';

// Invisible control characters (a vertical tab from a word processor's line break, say) would make the
// server refuse the whole save (decision 020): they never enter a field.
const UNSTORABLE_ANYWHERE = new RegExp(UNSTORABLE_TEXT.source, 'g');

const fits = (text: string, maxUnits: number, maxChars: number) => text.length <= maxChars && countTextUnits(text) <= maxUnits;

/**
 * The value an edit may leave in a field limited to `maxUnits` (docs/product/validation.md counting, the server's own
 * function) and `maxChars`: an edit that fits is taken as is; an insertion (typed, pasted, dropped) that
 * would overflow keeps only as much of the inserted text as fits, at the caret, so the text already there is
 * never cut. A field already over the limit (an old draft) may still be shortened, but not grown.
 */
export function limitEdit(prev: string, edited: string, maxUnits: number, maxChars: number = MAX_TEXT_CHARS): string {
  const next = edited.replace(UNSTORABLE_ANYWHERE, '');
  if (fits(next, maxUnits, maxChars)) return next;
  if (countTextUnits(next) <= countTextUnits(prev) && next.length <= prev.length) return next;
  let start = 0;
  const limit = Math.min(prev.length, next.length);
  while (start < limit && prev[start] === next[start]) start += 1;
  let end = 0;
  while (end < limit - start && prev[prev.length - 1 - end] === next[next.length - 1 - end]) end += 1;
  // Never split a surrogate pair at either edge.
  if (start > 0 && /[\uD800-\uDBFF]/.test(next[start - 1] ?? '')) start -= 1;
  if (end > 0 && /[\uDC00-\uDFFF]/.test(next[next.length - end] ?? '')) end -= 1;
  const head = next.slice(0, start);
  const tail = next.slice(next.length - end);
  const inserted = next.slice(start, next.length - end);
  const room = maxChars - head.length - tail.length;
  if (room <= 0) return fits(head + tail, maxUnits, maxChars) || countTextUnits(head + tail) <= countTextUnits(prev) ? head + tail : prev;
  // Usually the units left over are what fits; counting is not strictly additive (a letter can join two
  // words), so check, and search when it does not fit.
  const budget = maxUnits - countTextUnits(head) - countTextUnits(tail);
  const quick = budget >= 0 ? head + clipToUnits(inserted, budget, room) + tail : null;
  if (quick !== null && fits(quick, maxUnits, maxChars)) return quick;
  let lo = 0;
  let hi = countTextUnits(inserted);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(head + clipToUnits(inserted, mid, room) + tail, maxUnits, maxChars)) lo = mid;
    else hi = mid - 1;
  }
  const candidate = head + clipToUnits(inserted, lo, room) + tail;
  if (fits(candidate, maxUnits, maxChars)) return candidate;
  const without = head + tail;
  return countTextUnits(without) <= countTextUnits(prev) ? without : prev;
}
