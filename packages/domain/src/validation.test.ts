import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CARD_TYPES,
  CHINA_COUNTRY_ID,
  MAINLAND_EXCLUDED_STATE_IDS,
  areaSchema,
  captchaAnswerSchema,
  cardNumberSchemaFor,
  cardTypeSchema,
  checkFileSize,
  countTextUnits,
  digitsOnlySchema,
  emailSchema,
  englishOnlySchema,
  filterAreaCodes,
  filterCountries,
  filterStates,
  isValidDate,
  isValidResidentId,
  nameSchema,
  parseFileSizeLimit,
  passwordSchema,
  phoneCodeSchema,
  phoneFieldsSchema,
  phoneProblem,
  phoneSchema,
  requiredChoiceSchema,
  requiredChoicesSchema,
  requiredDateSchema,
  requiredSelectSchema,
  requiredText,
  requiredTextSchema,
  requiredTextareaSchema,
  residentIdCheckChar,
  schoolSchema,
  smsCodeSchema,
  textWithinLimit,
} from './validation.ts';

/** The first message a schema gives for a value, or 'ok' when it parses. */
function messageOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : (result.error.issues[0]?.message ?? 'no message');
}

function parsed(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`expected ${JSON.stringify(value)} to parse: ${result.error.message}`);
  return result.data;
}

describe('phoneProblem and phoneSchema (mainland)', () => {
  it.each([
    ['', '请填写手机号'],
    ['   ', '请填写手机号'],
    ['1380013800', '请填写11位手机!'],
    ['138001380000', '请填写11位手机!'],
    ['12345', '请填写11位手机!'],
    ['x'.repeat(100_000), '请填写11位手机!'],
    ['12800138000', '手机格式错误'],
    ['23800138000', '手机格式错误'],
    ['1380013800a', '手机格式错误'],
    ['13800138000', 'ok'],
    ['19912345678', 'ok'],
    ['138 0013 8000', 'ok'],
    ['138-0013-8000', 'ok'],
  ])('%j → %s', (phone, expected) => {
    expect(phoneProblem(phone) ?? 'ok').toBe(expected);
    expect(messageOf(phoneSchema, phone)).toBe(expected);
  });

  it('is missing when undefined or not a string', () => {
    expect(messageOf(phoneSchema, undefined)).toBe('请填写手机号');
    expect(messageOf(phoneSchema, null)).toBe('请填写手机号');
  });

  it('normalizes to digits', () => {
    expect(parsed(phoneSchema, ' 138 0013-8000 ')).toBe('13800138000');
  });
});

describe('phone with other area codes', () => {
  it.each([
    ['1', '4155550123', 'ok'],
    ['852', '51234567', 'ok'],
    ['852', '1234', '手机格式错误'],
    ['852', '1234567890123456', '手机格式错误'],
    ['852', '5123456a', '手机格式错误'],
    ['852', '', '请填写手机号'],
  ])('+%s %j → %s', (code, phone, expected) => {
    expect(phoneProblem(phone, code) ?? 'ok').toBe(expected);
    expect(messageOf(phoneFieldsSchema, { phone_code: code, phone })).toBe(expected);
  });

  it('applies the mainland rule when phone_code is absent', () => {
    expect(parsed(phoneFieldsSchema, { phone: '13800138000' })).toEqual({ phone_code: '86', phone: '13800138000' });
    expect(messageOf(phoneFieldsSchema, { phone: '4155550123' })).toBe('请填写11位手机!');
  });
});

describe('phoneCodeSchema', () => {
  it.each([
    [undefined, '86'],
    ['86', '86'],
    ['+852', '852'],
    [' 1 ', '1'],
  ])('%j → %j', (input, expected) => {
    expect(parsed(phoneCodeSchema, input)).toBe(expected);
  });

  it.each(['', 'abc', '12345', '+', 86])('rejects %j', (input) => {
    expect(messageOf(phoneCodeSchema, input)).toBe('区号格式错误');
  });
});

describe('emailSchema', () => {
  it.each([
    ['student@example.com', 'ok'],
    ['li.lei+summit@mail.school.edu.cn', 'ok'],
    [' a@b.cn ', 'ok'],
    ['', '请填写邮箱'],
    [undefined, '请填写邮箱'],
    ['plainaddress', '邮箱格式错误！'],
    ['a@b', '邮箱格式错误！'],
    ['a b@c.com', '邮箱格式错误！'],
    ['@example.com', '邮箱格式错误！'],
    ['a@example.c', '邮箱格式错误！'],
    [`${'a'.repeat(250)}@b.cn`, '邮箱格式错误！'],
  ])('%j → %s', (email, expected) => {
    expect(messageOf(emailSchema, email)).toBe(expected);
  });

  it('trims', () => {
    expect(parsed(emailSchema, ' a@b.cn ')).toBe('a@b.cn');
  });
});

describe('passwordSchema', () => {
  const FORMAT = '格式错误！密码为8-32位只能包含英文 数字 符号';
  it.each([
    ['abcd1234', 'ok'],
    ['A!b@c#d$', 'ok'],
    ['12345678', 'ok'],
    ['a'.repeat(32), 'ok'],
    ['~`[]{}|\\;:\'",.<>/?', 'ok'],
    ['abc1234', FORMAT],
    ['a'.repeat(33), FORMAT],
    ['abcd 1234', FORMAT],
    [' abcd1234', FORMAT],
    ['密码密码密码密码', FORMAT],
    ['abcd1234\t', FORMAT],
    ['ａｂｃｄ１２３４', FORMAT],
    ['', '请输入密码'],
    [undefined, '请输入密码'],
  ])('%j → %s', (password, expected) => {
    expect(messageOf(passwordSchema, password)).toBe(expected);
  });
});

describe('smsCodeSchema', () => {
  it.each([
    ['1234', 'ok'],
    [' 0000 ', 'ok'],
    ['123', '验证码格式错误'],
    ['12345', '验证码格式错误'],
    ['12a4', '验证码格式错误'],
    ['', '请输入验证码'],
    [undefined, '请输入验证码'],
    [1234, '请输入验证码'],
  ])('%j → %s', (code, expected) => {
    expect(messageOf(smsCodeSchema, code)).toBe(expected);
  });
});

describe('captchaAnswerSchema', () => {
  it.each([
    ['19', 19],
    [' 7 ', 7],
    [27, 27],
    ['0', 0],
  ])('%j → %j', (input, expected) => {
    expect(parsed(captchaAnswerSchema, input)).toBe(expected);
  });

  it.each([
    ['', '请输入计算结果'],
    ['  ', '请输入计算结果'],
    [undefined, '请输入计算结果'],
    [null, '请输入计算结果'],
    ['abc', '请输入纯数字'],
    ['1.5', '请输入纯数字'],
    [1.5, '请输入纯数字'],
    ['-3', '请输入纯数字'],
    [-3, '请输入纯数字'],
    ['12345678', '请输入纯数字'],
  ])('%j → %s', (input, expected) => {
    expect(messageOf(captchaAnswerSchema, input)).toBe(expected);
  });
});

describe('digitsOnlySchema and englishOnlySchema', () => {
  it.each([
    [digitsOnlySchema, '0123', 'ok'],
    [digitsOnlySchema, '12a', '请输入纯数字'],
    [digitsOnlySchema, '1 2', '请输入纯数字'],
    [digitsOnlySchema, '１２', '请输入纯数字'],
    [digitsOnlySchema, '', '输入框不能为空'],
    [englishOnlySchema, 'Summit', 'ok'],
    [englishOnlySchema, 'Li Lei', 'ok'],
    [englishOnlySchema, ' Li Lei ', 'ok'],
    [englishOnlySchema, 'Li  Lei', '请输入纯英文'],
    [englishOnlySchema, 'Li1', '请输入纯英文'],
    [englishOnlySchema, '李雷', '请输入纯英文'],
    [englishOnlySchema, "O'Neil", '请输入纯英文'],
    [englishOnlySchema, '', '输入框不能为空'],
  ] as const)('%#: %j', (schema, value, expected) => {
    expect(messageOf(schema, value)).toBe(expected);
  });
});

describe('required text, textarea, choices, selects, dates', () => {
  it.each([
    [requiredTextSchema, '你好', 'ok'],
    [requiredTextSchema, '', '输入框不能为空'],
    [requiredTextSchema, '   ', '输入框不能为空'],
    [requiredTextSchema, undefined, '输入框不能为空'],
    [requiredTextSchema, '字'.repeat(300), 'ok'],
    [requiredTextSchema, '字'.repeat(301), '字数超出限制，最多300字'],
    [requiredTextSchema, 'x'.repeat(30_000), '字数超出限制，最多300字'],
    [requiredTextareaSchema, '内容', 'ok'],
    [requiredTextareaSchema, '', '未填写'],
    [requiredTextareaSchema, undefined, '未填写'],
    [requiredTextareaSchema, '字'.repeat(100), 'ok'],
    [requiredTextareaSchema, '字'.repeat(101), '字数超出限制，最多100字'],
    [requiredChoiceSchema, 'a', 'ok'],
    [requiredChoiceSchema, 2, 'ok'],
    [requiredChoiceSchema, '', '未填写'],
    [requiredChoiceSchema, undefined, '未填写'],
    [requiredChoiceSchema, null, '未填写'],
    [requiredChoicesSchema, ['a', 1], 'ok'],
    [requiredChoicesSchema, [], '未填写'],
    [requiredChoicesSchema, undefined, '未填写'],
    [requiredChoicesSchema, [''], '未填写'],
    [requiredSelectSchema, 'x', 'ok'],
    [requiredSelectSchema, 0, 'ok'],
    [requiredSelectSchema, '', '请选择'],
    [requiredSelectSchema, null, '请选择'],
    [requiredSelectSchema, undefined, '请选择'],
    [requiredDateSchema, '2005-01-01', 'ok'],
    [requiredDateSchema, '2008-02-29', 'ok'],
    [requiredDateSchema, '', '请选择'],
    [requiredDateSchema, undefined, '请选择'],
    [requiredDateSchema, '2007-02-29', '日期格式错误'],
    [requiredDateSchema, '2005-1-1', '日期格式错误'],
    [requiredDateSchema, '2005-13-01', '日期格式错误'],
  ] as const)('%#: %j → %s', (schema, value, expected) => {
    expect(messageOf(schema, value)).toBe(expected);
  });

  it('counts units, not characters, for the limit', () => {
    const words = Array.from({ length: 300 }, () => 'word').join(' ');
    expect(messageOf(requiredText(300), words)).toBe('ok');
    expect(messageOf(requiredText(299), words)).toBe('字数超出限制，最多299字');
  });

  it('trims required text', () => {
    expect(parsed(requiredTextSchema, '  你好 ')).toBe('你好');
  });
});

describe('nameSchema', () => {
  it.each([
    ['李雷', 'ok'],
    ['', '请填写姓名'],
    ['  ', '请填写姓名'],
    [undefined, '请填写姓名'],
    ['名'.repeat(50), 'ok'],
    ['名'.repeat(51), '姓名不能超过50个字'],
  ])('%j → %s', (name, expected) => {
    expect(messageOf(nameSchema, name)).toBe(expected);
  });
});

describe('countTextUnits', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['你好', 2],
    ['hello', 1],
    ['hello world', 2],
    ['你好world', 3],
    ['我爱Summit项目', 5],
    ['COVID19', 1],
    ['2023', 1],
    ['2023年', 2],
    ["don't", 1],
    ['well-known', 1],
    ['3.14', 1],
    ['end.', 2],
    ['你好，世界！', 6],
    ['hello, world!', 4],
    ['Café crème', 2],
    ['👍', 1],
    ['👍🏻', 1],
    ['👨‍👩‍👧', 3],
    ['e\u0301', 1],
    ['a\nb\tc', 3],
  ])('%j → %i', (text, expected) => {
    expect(countTextUnits(text)).toBe(expected);
  });

  it.each([
    [100, '字'.repeat(100), true],
    [100, '字'.repeat(101), false],
    [1, 'antidisestablishmentarianism', true],
    [1, 'two words', false],
  ])('textWithinLimit(%i)(%j) → %s', (max, text, expected) => {
    expect(textWithinLimit(max)(text)).toBe(expected);
  });

  it('defaults to the textarea limit of 100', () => {
    expect(textWithinLimit()('字'.repeat(100))).toBe(true);
    expect(textWithinLimit()('字'.repeat(101))).toBe(false);
  });
});

describe('areaSchema and schoolSchema', () => {
  it.each([
    [[110000], 'ok'],
    [[110000, 110100], 'ok'],
    [[110000, 110100, 110101], 'ok'],
    [[], '请选择区域'],
    [[1, 2, 3, 4], '请选择区域'],
    [[0], '请选择区域'],
    [[1.5], '请选择区域'],
    [['110000'], '请选择区域'],
    [undefined, '请选择区域'],
  ])('area %j → %s', (area, expected) => {
    expect(messageOf(areaSchema, area)).toBe(expected);
  });

  it.each([
    [{ school_id: 12 }, 'ok'],
    [{ school_name: '北京市第四中学' }, 'ok'],
    [{ school_id: null, school_name: '北京市第四中学' }, 'ok'],
    [{}, '请选择或输入学校全名'],
    [{ school_id: null, school_name: '  ' }, '请选择或输入学校全名'],
    [{ school_name: '学'.repeat(101) }, '字数超出限制，最多100字'],
  ])('school %j → %s', (school, expected) => {
    expect(messageOf(schoolSchema, school)).toBe(expected);
  });

  it('reports a missing school on school_name', () => {
    const result = schoolSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['school_name']);
  });
});

describe('file size', () => {
  it.each([
    ['2mb', 2 * 1024 * 1024, '2MB'],
    ['500kb', 500 * 1024, '500KB'],
    ['1gb', 1024 ** 3, '1GB'],
    ['1.5MB', 1.5 * 1024 * 1024, '1.5MB'],
    [' 10 Mb ', 10 * 1024 * 1024, '10MB'],
    ['3', 3 * 1024 * 1024, '3MB'],
    [5, 5 * 1024 * 1024, '5MB'],
    [0, 0, ''],
    ['0', 0, ''],
    ['0kb', 0, ''],
  ])('parseFileSizeLimit(%j) → %i bytes, %j', (limit, bytes, label) => {
    expect(parseFileSizeLimit(limit)).toEqual({ bytes, label });
  });

  it.each(['', 'mb', '2tb', '-1mb', 'two mb'])('parseFileSizeLimit(%j) throws', (limit) => {
    expect(() => parseFileSizeLimit(limit)).toThrow();
  });

  it.each([
    [2 * 1024 * 1024, '2mb', null],
    [2 * 1024 * 1024 + 1, '2mb', '文件过大，超过2MB'],
    [500 * 1024 + 1, '500kb', '文件过大，超过500KB'],
    [1024 ** 3 + 1, '1gb', '文件过大，超过1GB'],
    [1024 ** 3, '1gb', null],
    [10 * 1024 ** 3, 0, null],
    [0, '500kb', null],
  ])('checkFileSize(%i, %j) → %j', (bytes, limit, expected) => {
    expect(checkFileSize(bytes, limit)).toBe(expected);
  });
});

describe('resident identity number (GB 11643-1999)', () => {
  it.each([
    '11010519491231002X', // the standard's example
    '440524188001010014', // the standard's example, born 1880
    '310115200802290038', // born on a leap day
    '51010720051015471X',
    '51010720051015471x', // lower-case check character
    '110101200001010096',
    '440306200711305613',
  ])('%s is valid', (id) => {
    expect(isValidResidentId(id)).toBe(true);
  });

  it.each([
    ['110105194912310021', 'wrong check digit'],
    ['110105194912310020', 'wrong check digit'],
    ['440306200711305614', 'wrong check digit'],
    ['11010519491231002', '17 characters'],
    ['11010519491231002X1', '19 characters'],
    ['1101051949123100XX', 'X inside the number'],
    ['11010519491232002X', 'day 32'],
    ['110101200702290014', '29 February in a common year'],
    ['110101200013010014', 'month 13'],
    ['110101179901010010', 'born before 1800'],
    ['', 'empty'],
  ])('%s is invalid (%s)', (id) => {
    expect(isValidResidentId(id)).toBe(false);
  });

  it('computes the check character with ISO 7064 MOD 11-2', () => {
    expect(residentIdCheckChar('11010519491231002')).toBe('X');
    expect(residentIdCheckChar('44052418800101001')).toBe('4');
    expect(residentIdCheckChar('31011520080229003')).toBe('8');
  });
});

describe('card types and numbers', () => {
  it('lists the four card types with their Chinese names', () => {
    expect(CARD_TYPES.map((card) => [card.value, card.label])).toEqual([
      ['id_card', '居民身份证'],
      ['passport', '护照'],
      ['hk_macao_permit', '港澳居民来往内地通行证'],
      ['taiwan_permit', '台湾居民来往大陆通行证'],
    ]);
    expect(messageOf(cardTypeSchema, 'driver_licence')).toBe('请选择');
    expect(messageOf(cardTypeSchema, 'passport')).toBe('ok');
  });

  it.each([
    ['id_card', '11010519491231002X', 'ok'],
    ['id_card', ' 11010519491231002x ', 'ok'],
    ['id_card', '110105194912310021', '身份证号码格式错误'],
    ['id_card', '', '输入框不能为空'],
    ['passport', 'E12345678', 'ok'],
    ['passport', 'e12345678', 'ok'],
    ['passport', 'E1234', 'ok'],
    ['passport', 'E123', '证件号码格式错误'],
    ['passport', 'E1234-5678', '证件号码格式错误'],
    ['hk_macao_permit', 'H12345678', 'ok'],
    ['hk_macao_permit', 'M1234567890', 'ok'],
    ['hk_macao_permit', 'C12345678', '证件号码格式错误'],
    ['hk_macao_permit', 'H1234567', '证件号码格式错误'],
    ['taiwan_permit', '12345678', 'ok'],
    ['taiwan_permit', '1234567890', 'ok'],
    ['taiwan_permit', '123456789', '证件号码格式错误'],
    ['taiwan_permit', 'T1234567', '证件号码格式错误'],
  ] as const)('%s %j → %s', (type, number, expected) => {
    expect(messageOf(cardNumberSchemaFor(type), number)).toBe(expected);
  });

  it('upper-cases card numbers', () => {
    expect(parsed(cardNumberSchemaFor('id_card'), '11010519491231002x')).toBe('11010519491231002X');
  });
});

describe('isValidDate', () => {
  it.each([
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [2000, 2, 29, true],
    [1900, 2, 29, false],
    [2023, 4, 31, false],
    [2023, 12, 31, true],
    [2023, 0, 1, false],
    [2023, 1, 0, false],
  ])('%i-%i-%i → %s', (year, month, day, expected) => {
    expect(isValidDate(year, month, day)).toBe(expected);
  });
});

describe('region filters', () => {
  const states = [
    { id: 110000, name: '北京市' },
    { id: 3032, name: '香港' },
    { id: 3033, name: '澳门' },
    { id: 3125, name: '台湾' },
    { id: 310000, name: '上海市' },
  ];

  it('mainland mode removes Hong Kong, Macao and Taiwan', () => {
    expect(MAINLAND_EXCLUDED_STATE_IDS).toEqual([3032, 3033, 3125]);
    expect(filterStates(states, 'mainland').map((s) => s.id)).toEqual([110000, 310000]);
    expect(filterStates(states, 'all')).toEqual(states);
  });

  it('China-only mode keeps only country 1', () => {
    const countries = [
      { id: CHINA_COUNTRY_ID, name: '中国' },
      { id: 840, name: '美国' },
      { id: 124, name: '加拿大' },
    ];
    expect(filterCountries(countries, 'china')).toEqual([{ id: 1, name: '中国' }]);
    expect(filterCountries(countries, 'all')).toHaveLength(3);
  });

  it('excludes Canada from phone area codes only', () => {
    const codes = [
      { short: 'CN', tel: '86' },
      { short: 'US', tel: '1' },
      { short: 'CA', tel: '1' },
    ];
    expect(filterAreaCodes(codes, true).map((c) => c.short)).toEqual(['CN', 'US']);
    expect(filterAreaCodes(codes, false).map((c) => c.short)).toEqual(['CN', 'US', 'CA']);
  });
});
