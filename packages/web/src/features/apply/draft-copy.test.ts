import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../../lib/auth-storage.ts';
import { draftDataOf } from './apply-model.ts';
import { createDraftCopies, draftCopyKey, restorePlan, sameDraft, withoutFields, type DraftCopy } from './draft-copy.ts';

function memory(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const copy = (values: Record<string, unknown>, base: string | null, unsaved: DraftCopy['unsaved'] = []): DraftCopy => ({ values, base, unsaved, at: 1 });

describe('draft copies in storage', () => {
  it('one key per form and account', () => {
    expect(draftCopyKey('apply-step2', 7)).toBe('summit.draft.apply-step2.7');
    expect(draftCopyKey('apply-step2', 7)).not.toBe(draftCopyKey('apply-step2', 8));
  });

  it('writes, reads back and clears; garbage reads as no copy', () => {
    const store = memory();
    const copies = createDraftCopies(store);
    const c = copy({ essay_motivation: '长'.repeat(900) }, '2026-12-01T02:00:00.000Z', [{ field: 'essay_motivation', msg: '字数超出限制，最多800字' }]);
    expect(copies.write('k', c)).toBe(true);
    expect(copies.read('k')).toEqual(c);
    store.map.set('k', '{not json');
    expect(copies.read('k')).toBeNull();
    store.map.set('k', JSON.stringify({ values: [], base: 1 }));
    expect(copies.read('k')).toBeNull();
    copies.clear('k');
    expect(store.map.has('k')).toBe(false);
  });

  it('a store that throws (private mode, full) never breaks the form', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const copies = createDraftCopies(broken);
    expect(copies.read('k')).toBeNull();
    expect(copies.write('k', copy({}, null))).toBe(false);
    expect(() => copies.clear('k')).not.toThrow();
  });
});

describe('restorePlan', () => {
  const server = { essay_question: '完成的文书', english_test: 'NONE' };

  it('no copy, or one holding nothing new (blank inputs and key order aside) → none', () => {
    expect(restorePlan(null, server, null, draftDataOf)).toBe('none');
    expect(restorePlan(copy({ english_test: 'NONE', essay_question: '完成的文书 ', essay_motivation: '' }, 'x'), server, 'y', draftDataOf)).toBe('none');
  });

  it('a copy typed on the version the server still has is newer: restore it', () => {
    const typed = copy({ ...server, essay_motivation: '长'.repeat(900) }, '2026-12-01T02:00:00.000Z');
    expect(restorePlan(typed, server, '2026-12-01T02:00:00.000Z', draftDataOf)).toBe('restore');
    expect(restorePlan(copy({ essay_motivation: '草稿' }, null), {}, null, draftDataOf)).toBe('restore');
  });

  it('the server changed since the copy was typed: ask, never overwrite silently', () => {
    const typed = copy({ ...server, essay_motivation: '本机写的' }, '2026-12-01T02:00:00.000Z');
    expect(restorePlan(typed, server, '2026-12-02T09:00:00.000Z', draftDataOf)).toBe('ask');
  });
});

describe('helpers', () => {
  it('sameDraft compares content, not key order, and ignores undefined', () => {
    expect(sameDraft({ a: 1, b: [{ x: 1, y: 2 }] }, { b: [{ y: 2, x: 1 }], a: 1, c: undefined })).toBe(true);
    expect(sameDraft({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });

  it('withoutFields leaves out what the browser must not keep', () => {
    expect(withoutFields({ legal_name: '王芳', card_number: '110105201003070025' }, ['card_number'])).toEqual({ legal_name: '王芳' });
  });
});
