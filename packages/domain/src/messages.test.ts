import { describe, expect, it } from 'vitest';
import { MSG, formatMessage, wecomErrorMessage } from './messages.ts';

describe('MSG', () => {
  it.each([
    // docs/product/validation.md
    ['TEXT_REQUIRED', '输入框不能为空'],
    ['NOT_FILLED', '未填写'],
    ['PHONE_LENGTH', '请填写11位手机!'],
    ['PHONE_REQUIRED', '请填写手机号'],
    ['PHONE_FORMAT', '手机格式错误'],
    ['EMAIL_FORMAT', '邮箱格式错误！'],
    ['PASSWORD_FORMAT', '格式错误！密码为8-32位只能包含英文 数字 符号'],
    ['DIGITS_ONLY', '请输入纯数字'],
    ['ENGLISH_ONLY', '请输入纯英文'],
    ['SMS_CODE_FORMAT', '验证码格式错误'],
    ['SELECT_REQUIRED', '请选择'],
    ['AREA_REQUIRED', '请选择区域'],
    ['SCHOOL_REQUIRED', '请选择或输入学校全名'],
    ['FILE_TOO_LARGE', '文件过大，超过{0}'],
    // docs/product/errors.md
    ['INFO_INCOMPLETE', '未完善信息填写，请完善信息后查看'],
    ['OFFER_AND_PAID_ONLY', '仅限被录取并支付费用的用户访问'],
    ['APPLY_INCOMPLETE', '未完成申请，暂时无法查看'],
    ['APPLY_FEE_REQUIRED', '请先支付申请费！'],
    ['NO_ACCESS', '无访问权限！'],
    ['NO_PERMISSION', '无权限访问！'],
    ['NO_PLACE', '暂无会场信息'],
    ['PLACE_RESULT_PENDING', '会场结果公布后，开放访问'],
    ['COURSE_SELECTION_NOT_OPEN_FOR_USER', '用户尚未开放选课！'],
    ['NOT_OPEN', '暂未开放'],
    ['BEIJING_ONLY', '仅限北京会场'],
    ['COURSE_CART_NOT_OPEN', '选课未开放'],
    ['COURSE_AFTER_PLACE_RESULT', '请在公布会场结果后选课'],
    ['HOUSE_NOT_PUBLISHED', '尚未公布house信息！'],
    ['NETWORK_ERROR', '系统错误，请联系管理员！'],
    ['LOGIN_REQUIRED', '请重新登录！'],
    ['UPLOAD_SIGNATURE_FAILED', '获取签名错误，请稍后再试！'],
    ['UPLOAD_STORAGE_FAILED', '链接OSS服务器失败，请稍后再试！'],
    ['UPLOAD_FAILED', '上传失败 请重新上传'],
    ['WECOM_UNKNOWN', '出错了！'],
    ['WECOM_BIND_FAILED', '绑定失败'],
    // accounts (brief)
    ['PHONE_REGISTERED', '该手机号已注册，请直接登录'],
    ['PHONE_NOT_REGISTERED', '该手机号尚未注册，请先注册'],
    ['WRONG_PASSWORD', '手机号或密码错误'],
    ['CODE_WRONG', '验证码错误或已过期'],
    ['CAPTCHA_WRONG', '答案错误，请重新验证'],
    ['CAPTCHA_EXPIRED', '验证已过期，请重新获取'],
    ['SMS_TOO_FREQUENT', '发送过于频繁，请{0}秒后再试'],
    ['SMS_DAILY_LIMIT', '今日发送次数已达上限，请明天再试'],
    ['LOGIN_TOO_MANY', '登录尝试过于频繁，请稍后再试'],
    ['NOT_FOUND_API', '接口不存在'],
    ['RESET_OK', '密码已重置，请使用新密码登录'],
  ] as const)('%s is %s', (key, text) => {
    expect(MSG[key]).toBe(text);
  });

  it('gives each text exactly one key', () => {
    const texts = Object.values(MSG);
    const duplicates = texts.filter((text, i) => texts.indexOf(text) !== i);
    expect(duplicates).toEqual([]);
  });
});

describe('formatMessage', () => {
  it.each([
    [MSG.SMS_TOO_FREQUENT, [42], '发送过于频繁，请42秒后再试'],
    [MSG.FILE_TOO_LARGE, ['2MB'], '文件过大，超过2MB'],
    ['{1}-{0}-{1}', ['a', 'b'], 'b-a-b'],
    ['{0} and {1}', ['only'], 'only and {1}'],
    ['no placeholders', ['x'], 'no placeholders'],
    ['{0}', [0], '0'],
  ] as const)('%j with %j → %j', (template, args, expected) => {
    expect(formatMessage(template, ...args)).toBe(expected);
  });
});

describe('wecomErrorMessage', () => {
  it.each([
    ['user-1', undefined, '认证异常！'],
    ['user-2', undefined, 'eid异常！'],
    ['eid-1', undefined, '认证异常！'],
    ['eid-2', undefined, 'eid异常！'],
    ['user_bind_para', undefined, '参数丢失'],
    ['eid_request', undefined, 'eid请求异常！'],
    ['oauth_request', undefined, '认证请求异常！'],
    ['employee', '存储的错误', '员工账户！'],
    ['other', '企业微信授权失败', '企业微信授权失败'],
    ['other', '', '出错了！'],
    ['toString', null, '出错了！'],
    [undefined, undefined, '出错了！'],
  ] as const)('%j (stored %j) → %s', (code, stored, expected) => {
    expect(wecomErrorMessage(code, stored)).toBe(expected);
  });
});
