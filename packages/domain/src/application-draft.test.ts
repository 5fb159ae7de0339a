import { describe, expect, it } from 'vitest';
import { APPLY_MSG, applyFieldLabel, draftPartlySavedMessage, salvageStepDraft, step1DraftSchema, step2DraftSchema } from './application.ts';
import { MSG, formatMessage } from './messages.ts';
import { MAX_TEXT_CHARS, clipToUnits, countTextUnits } from './validation.ts';

describe('clipToUnits', () => {
  it('keeps text within the limit as it is', () => {
    expect(clipToUnits('我爱 summer camp', 4)).toBe('我爱 summer camp');
  });

  it('cuts at exactly the limit, never inside a word or a surrogate pair', () => {
    expect(clipToUnits('我'.repeat(900), 800)).toBe('我'.repeat(800));
    expect(clipToUnits('one two three', 2)).toBe('one two ');
    expect(clipToUnits("don't stop", 1)).toBe("don't ");
    expect(clipToUnits('好😀😀', 2)).toBe('好😀');
    expect(clipToUnits('e\u0301e\u0301', 1)).toBe('e\u0301');
  });

  it('also holds the character cap the server reads before counting', () => {
    const words = 'a'.repeat(99) + ' ';
    const clipped = clipToUnits(words.repeat(300), 800);
    expect(clipped.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    expect(countTextUnits(clipped)).toBe(200);
  });

  it('the clipped text always passes the limit', () => {
    const alphabet = ['我', 'a', 'bc', ' ', '，', '😀', "'", '-', '1', '\u0301', '\n'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let round = 0; round < 200; round += 1) {
      const text = Array.from({ length: next() % 80 }, () => alphabet[next() % alphabet.length]).join('');
      const max = next() % 20;
      const clipped = clipToUnits(text, max);
      expect(countTextUnits(clipped)).toBeLessThanOrEqual(max);
      expect(text.startsWith(clipped)).toBe(true);
    }
  });
});

describe('salvageStepDraft', () => {
  const tooLong = formatMessage(MSG.TEXT_TOO_LONG, 800);

  it('keeps the valid fields of step 2 and reports the too-long essay, without truncating it', () => {
    const { kept, invalid } = salvageStepDraft(2, { essay_motivation: '长'.repeat(900), essay_question: '短文', english_test: 'NONE' });
    expect(kept).toEqual({ essay_question: '短文', english_test: 'NONE' });
    expect(invalid).toEqual([{ field: 'essay_motivation', msg: tooLong }]);
    expect(step2DraftSchema.safeParse(kept).success).toBe(true);
  });

  it('puts back the last good value of a refused field', () => {
    const { kept } = salvageStepDraft(2, { essay_motivation: '长'.repeat(900) }, { essay_motivation: '旧稿' });
    expect(kept).toEqual({ essay_motivation: '旧稿' });
    const stale = salvageStepDraft(2, { essay_motivation: '长'.repeat(900) }, { essay_motivation: '旧'.repeat(801) });
    expect(stale.kept).toEqual({});
  });

  it('step 1: coerces numeric strings, reads the card number by its type, ignores unknown fields', () => {
    const { kept, invalid } = salvageStepDraft(1, { gender: '1', school_id: '12', card_type: 'passport', card_number: 'e1234567', junk: 1, grade: 'G13' });
    expect(kept).toEqual({ gender: 1, school_id: 12, card_type: 'passport', card_number: 'E1234567' });
    expect(invalid).toEqual([{ field: 'grade', msg: MSG.SELECT_REQUIRED }]);
    expect(step1DraftSchema.safeParse(kept).success).toBe(true);
  });

  it('activities: at most five, each keeping its valid parts', () => {
    const { kept, invalid } = salvageStepDraft(2, { activities: [{ name: '辩论队', role: '角'.repeat(31) }, null, ...Array.from({ length: 4 }, () => ({}))] });
    expect(kept.activities).toEqual([{ name: '辩论队' }, {}, {}, {}, {}]);
    expect(invalid.map((p) => p.field)).toEqual(['activities', 'activities.0.role', 'activities.1']);
    expect(invalid[0]!.msg).toBe(APPLY_MSG.ACTIVITIES_TOO_MANY);
  });
});

describe('text the database cannot store', () => {
  it('U+0000 or an unpaired surrogate refuses that field only', () => {
    const { kept, invalid } = salvageStepDraft(2, { essay_motivation: 'a\u0000b', essay_question: '好\uD800', english_score: '7', activities: [{ name: 'x\u0000', role: '社长' }] });
    expect(kept).toEqual({ english_score: '7', activities: [{ role: '社长' }] });
    expect(invalid).toEqual([
      { field: 'essay_motivation', msg: APPLY_MSG.TEXT_UNSTORABLE },
      { field: 'essay_question', msg: APPLY_MSG.TEXT_UNSTORABLE },
      { field: 'activities.0.name', msg: APPLY_MSG.TEXT_UNSTORABLE },
    ]);
    expect(salvageStepDraft(2, { essay_motivation: '好😀' }).kept).toEqual({ essay_motivation: '好😀' });
  });
});

describe('labels and the message', () => {
  it('names each field in Chinese', () => {
    expect(applyFieldLabel('essay_motivation')).toBe('文书一');
    expect(applyFieldLabel('activities.2.description')).toBe('活动3描述');
    expect(applyFieldLabel('attachment.url')).toBe('补充材料');
    expect(draftPartlySavedMessage([])).toBe('草稿已保存');
    expect(draftPartlySavedMessage([{ field: 'essay_question', msg: tooLongMsg() }])).toBe(`草稿已保存，以下内容未保存：文书二（${tooLongMsg()}）`);
  });
});

function tooLongMsg() {
  return formatMessage(MSG.TEXT_TOO_LONG, 800);
}
