import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  APPLY_MSG,
  DEFAULT_DEADLINES,
  GUARDIAN_CONSENT_TEXT,
  GUARDIAN_CONSENT_VERSION,
  ageOn,
  applicationSummary,
  applyOpen,
  batchForSubmission,
  deadlineOrderProblem,
  maskCardNumber,
  isMaskedCardNumber,
  nextDeadline,
  step1DraftSchema,
  step1SubmitSchema,
  step2DraftSchema,
  step2SubmitSchema,
  additionalInfoSchema,
} from './application.ts';

export const validStep1 = {
  legal_name: '李小明',
  gender: 1,
  birth_date: '2010-03-07',
  card_type: 'id_card',
  card_number: '110105201003070025',
  school_id: null,
  school_name: '北京市第四中学',
  grade: 'G11',
  guardian_name: '李大明',
  guardian_relation: 'father',
  guardian_phone: '13800138000',
  guardian_consent: true,
  session_preference: '第二期',
  track_preference: '理工科学',
};

const essay = '我'.repeat(120);
export const validStep2 = {
  essay_motivation: essay,
  essay_question: essay,
  english_test: 'TOEFL',
  english_score: '105',
  activities: [{ name: '机器人社', role: '社长', description: '组织社团参加全国比赛' }],
  attachment: null,
};

const issue = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) => r.error?.issues[0];

describe('step 1', () => {
  it('accepts a complete application and normalises the card number', () => {
    const parsed = step1SubmitSchema.parse(validStep1);
    expect(parsed.card_number).toBe('110105201003070025');
    expect(step1SubmitSchema.parse({ ...validStep1, card_type: 'passport', card_number: ' e12345678 ' }).card_number).toBe('E12345678');
    expect(parsed.guardian_phone).toBe('13800138000');
  });

  it.each([
    [{ legal_name: '李' }, 'legal_name', APPLY_MSG.LEGAL_NAME],
    [{ gender: 3 }, 'gender', MSG.SELECT_REQUIRED],
    [{ birth_date: '2016-01-01' }, 'birth_date', APPLY_MSG.AGE_RANGE],
    [{ birth_date: '2006-07-16' }, 'birth_date', APPLY_MSG.AGE_RANGE],
    [{ birth_date: '2010-02-30' }, 'birth_date', MSG.DATE_INVALID],
    [{ card_number: '110105201003070011' }, 'card_number', MSG.ID_CARD_INVALID],
    [{ card_type: 'passport', card_number: 'E1234' }, undefined, undefined],
    [{ card_type: 'hk_macao_permit', card_number: 'X1234567' }, 'card_number', MSG.CARD_NUMBER_INVALID],
    [{ grade: 'G9' }, 'grade', MSG.SELECT_REQUIRED],
    [{ guardian_relation: 'uncle' }, 'guardian_relation', MSG.SELECT_REQUIRED],
    [{ guardian_phone: '1380013800' }, 'guardian_phone', MSG.PHONE_LENGTH],
    [{ guardian_phone: '12800138000' }, 'guardian_phone', MSG.PHONE_FORMAT],
    [{ guardian_consent: false }, 'guardian_consent', APPLY_MSG.CONSENT_REQUIRED],
    [{ session_preference: '第四期' }, 'session_preference', MSG.SELECT_REQUIRED],
    [{ track_preference: '体育' }, 'track_preference', MSG.SELECT_REQUIRED],
    [{ school_id: null, school_name: '' }, 'school_name', MSG.SCHOOL_REQUIRED],
  ])('%j → 4003 on %s', (patch, field, msg) => {
    const result = step1SubmitSchema.safeParse({ ...validStep1, ...patch });
    if (field === undefined) {
      expect(result.success).toBe(true);
      return;
    }
    expect(issue(result)?.path).toEqual([field]);
    expect(issue(result)?.message).toBe(msg);
  });

  it('age counts on the programme start day: 12 on that day passes, 21 fails', () => {
    expect(ageOn('2015-07-17', '2027-07-17')).toBe(12);
    expect(ageOn('2015-07-18', '2027-07-17')).toBe(11);
    expect(step1SubmitSchema.safeParse({ ...validStep1, birth_date: '2015-07-17' }).success).toBe(true);
    expect(step1SubmitSchema.safeParse({ ...validStep1, birth_date: '2015-07-18' }).success).toBe(false);
    expect(step1SubmitSchema.safeParse({ ...validStep1, birth_date: '2006-07-18' }).success).toBe(true);
  });

  it('a missing field fails the submit but not a draft; present draft fields are still checked', () => {
    const { legal_name: _omit, ...rest } = validStep1;
    expect(issue(step1SubmitSchema.safeParse(rest))?.path).toEqual(['legal_name']);
    expect(step1DraftSchema.safeParse({ legal_name: '王芳' }).success).toBe(true);
    expect(step1DraftSchema.safeParse({}).success).toBe(true);
    expect(step1DraftSchema.safeParse({ guardian_consent: false }).success).toBe(true);
    expect(issue(step1DraftSchema.safeParse({ guardian_phone: '123' }))?.path).toEqual(['guardian_phone']);
    expect(issue(step1DraftSchema.safeParse({ card_type: 'id_card', card_number: '123' }))?.path).toEqual(['card_number']);
  });

  it('consent has a version and a Chinese text', () => {
    expect(GUARDIAN_CONSENT_VERSION).toMatch(/\S/);
    expect(GUARDIAN_CONSENT_TEXT).toContain('监护人');
  });
});

describe('step 2', () => {
  it('accepts essays of 100–800 units and drops the score when there is no test', () => {
    expect(step2SubmitSchema.parse(validStep2).english_score).toBe('105');
    expect(step2SubmitSchema.parse({ ...validStep2, english_test: 'NONE', english_score: '7' }).english_score).toBe('');
    // 100 English words are 100 units (a run of Latin letters counts one).
    expect(step2SubmitSchema.safeParse({ ...validStep2, essay_motivation: Array(100).fill('word').join(' ') }).success).toBe(true);
  });

  it.each([
    [{ essay_motivation: '我'.repeat(99) }, 'essay_motivation', APPLY_MSG.ESSAY_TOO_SHORT],
    [{ essay_question: '我'.repeat(801) }, 'essay_question', APPLY_MSG.ESSAY_TOO_LONG],
    [{ essay_question: '' }, 'essay_question', MSG.NOT_FILLED],
    [{ english_test: 'GRE' }, 'english_test', MSG.SELECT_REQUIRED],
    [{ english_score: '' }, 'english_score', APPLY_MSG.ENGLISH_SCORE_REQUIRED],
    [{ activities: Array(6).fill(validStep2.activities[0]) }, 'activities', APPLY_MSG.ACTIVITIES_TOO_MANY],
    [{ attachment: { name: 'a.pdf', url: 'https://evil.example/a.pdf' } }, 'attachment.url', undefined],
  ])('%j → 4003 on %s', (patch, field, msg) => {
    const found = issue(step2SubmitSchema.safeParse({ ...validStep2, ...patch }));
    expect(found?.path.join('.')).toBe(field);
    if (msg) expect(found?.message).toBe(msg);
  });

  it('an activity description is at most 150 units', () => {
    const long = { name: 'A', role: 'B', description: '字'.repeat(151) };
    expect(issue(step2SubmitSchema.safeParse({ ...validStep2, activities: [long] }))?.path).toEqual(['activities', 0, 'description']);
  });

  it('drafts may hold a short essay and a half-filled activity', () => {
    expect(step2DraftSchema.safeParse({ essay_motivation: '短文', activities: [{ name: '辩论队' }] }).success).toBe(true);
    expect(step2DraftSchema.safeParse({ essay_motivation: '我'.repeat(801) }).success).toBe(false);
  });
});

describe('deadlines and the early-batch rule', () => {
  const d = DEFAULT_DEADLINES;
  const at = (iso: string, deltaMs = 0) => new Date(new Date(iso).getTime() + deltaMs);

  it('the defaults are 23:59:59 Beijing time and in order', () => {
    expect(new Date(d.EB1).toISOString()).toBe('2027-01-15T15:59:59.000Z');
    expect(deadlineOrderProblem(d)).toBeNull();
    expect(deadlineOrderProblem({ ...d, RD: '2027-02-01T00:00:00+08:00' })).toBe('RD');
  });

  it('on EB1 exactly is EB1, one millisecond later EB2; EB2 exactly EB2, then RD; RD exactly RD, then closed', () => {
    expect(batchForSubmission(at('2026-12-01T00:00:00+08:00'), d)).toBe('EB1');
    expect(batchForSubmission(at(d.EB1), d)).toBe('EB1');
    expect(batchForSubmission(at(d.EB1, 1), d)).toBe('EB2');
    expect(batchForSubmission(at(d.EB2), d)).toBe('EB2');
    expect(batchForSubmission(at(d.EB2, 1), d)).toBe('RD');
    expect(batchForSubmission(at(d.RD), d)).toBe('RD');
    expect(batchForSubmission(at(d.RD, 1), d)).toBeNull();
  });

  it('step 1 is open until RD, step 2 until MRD', () => {
    expect(applyOpen(at(d.RD), d)).toEqual({ step1: true, step2: true });
    expect(applyOpen(at(d.RD, 1), d)).toEqual({ step1: false, step2: true });
    expect(applyOpen(at(d.MRD), d)).toEqual({ step1: false, step2: true });
    expect(applyOpen(at(d.MRD, 1), d)).toEqual({ step1: false, step2: false });
  });

  it('the next deadline is the earliest still ahead', () => {
    expect(nextDeadline(at(d.EB1, 1), d)).toEqual({ key: 'EB2', deadline: d.EB2 });
    expect(nextDeadline(at(d.MRD, 1), d)).toBeNull();
  });
});

describe('applicationSummary', () => {
  it('turns stored answers into labelled Chinese sections with the card number masked', () => {
    const sections = applicationSummary(validStep1, validStep2);
    const flat = Object.fromEntries(sections.flatMap((s) => s.items.map((i) => [i.label, i.value])));
    expect(sections.map((s) => s.title)).toEqual(['基本信息', '学校与年级', '监护人', '项目意向', '申请文书', '英语水平', '课外活动', '附件']);
    expect(flat).toMatchObject({
      姓名: '李小明',
      性别: '男',
      证件类型: '居民身份证',
      证件号码: '1101**********0025',
      年级: '高二',
      与申请人关系: '父亲',
      意向期次: '第二期',
      意向方向: '理工科学',
      英语考试: 'TOEFL 托福',
      成绩: '105',
      '活动1：机器人社': '社长｜组织社团参加全国比赛',
      附件: '无',
    });
    expect(JSON.stringify(sections)).not.toContain('11010520100307');
  });

  it('never throws on junk and shows 未填写', () => {
    for (const junk of [null, undefined, 42, 'x', [], { gender: 'x', card_number: 7, activities: 'no' }]) {
      const sections = applicationSummary(junk, junk);
      expect(sections[0]?.items[0]).toEqual({ label: '姓名', value: '未填写' });
    }
    expect(applicationSummary({ gender: 2 }, {})[0]?.items[1]?.value).toBe('女');
  });

  it('masks short numbers entirely', () => {
    expect(maskCardNumber('123')).toBe('***');
    expect(maskCardNumber('E12345678')).toBe('*****5678');
  });

  it('keeps the first 4 and last 4 of a resident ID number and knows a masked value', () => {
    expect(maskCardNumber('11010520090101002X')).toBe('1101**********002X');
    expect(isMaskedCardNumber('1101**********002X')).toBe(true);
    expect(isMaskedCardNumber('11010520090101002X')).toBe(false);
    expect(isMaskedCardNumber(undefined)).toBe(false);
  });
});

describe('additional-info form', () => {
  it('requires the online-class answers; health notes are optional', () => {
    const ok = { time_zone: 'UTC+8', device: 'computer', network: 'good', emergency_name: '王丽', emergency_phone: '13900139000', heard_from: 'school' };
    expect(additionalInfoSchema.parse(ok).health_notes).toBe('');
    expect(issue(additionalInfoSchema.safeParse({ ...ok, time_zone: 'UTC+13' }))?.path).toEqual(['time_zone']);
    expect(issue(additionalInfoSchema.safeParse({ ...ok, emergency_phone: '1' }))?.path).toEqual(['emergency_phone']);
  });
});
