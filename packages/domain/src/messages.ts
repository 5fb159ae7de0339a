/**
 * Every user-facing Chinese message the domain names. docs/product/validation.md (validation), docs/product/users-and-roles.md (gates), docs/product/errors.md (error catalogue)
 * verbatim, plus the account messages agreed for this milestone. Server and client both read from here so
 * the same rule always shows the same words.
 */
export const MSG = {
  // docs/product/validation.md validation
  TEXT_REQUIRED: '输入框不能为空',
  NOT_FILLED: '未填写',
  PHONE_REQUIRED: '请填写手机号',
  PHONE_LENGTH: '请填写11位手机!',
  PHONE_FORMAT: '手机格式错误',
  EMAIL_FORMAT: '邮箱格式错误！',
  PASSWORD_FORMAT: '格式错误！密码为8-32位只能包含英文 数字 符号',
  DIGITS_ONLY: '请输入纯数字',
  ENGLISH_ONLY: '请输入纯英文',
  SMS_CODE_FORMAT: '验证码格式错误',
  SELECT_REQUIRED: '请选择',
  AREA_REQUIRED: '请选择区域',
  SCHOOL_REQUIRED: '请选择或输入学校全名',
  FILE_TOO_LARGE: '文件过大，超过{0}',

  // docs/product/errors.md error catalogue
  INFO_INCOMPLETE: '未完善信息填写，请完善信息后查看',
  OFFER_AND_PAID_ONLY: '仅限被录取并支付费用的用户访问',
  APPLY_INCOMPLETE: '未完成申请，暂时无法查看',
  APPLY_FEE_REQUIRED: '请先支付申请费！',
  NO_ACCESS: '无访问权限！',
  NO_PERMISSION: '无权限访问！',
  NO_PLACE: '暂无会场信息',
  PLACE_RESULT_PENDING: '会场结果公布后，开放访问',
  COURSE_SELECTION_NOT_OPEN_FOR_USER: '用户尚未开放选课！',
  NOT_OPEN: '暂未开放',
  BEIJING_ONLY: '仅限北京会场',
  COURSE_CART_NOT_OPEN: '选课未开放',
  COURSE_AFTER_PLACE_RESULT: '请在公布会场结果后选课',
  HOUSE_NOT_PUBLISHED: '尚未公布house信息！',
  NETWORK_ERROR: '系统错误，请联系管理员！',
  LOGIN_REQUIRED: '请重新登录！',

  // docs/product/errors.md upload
  UPLOAD_SIGNATURE_FAILED: '获取签名错误，请稍后再试！',
  UPLOAD_STORAGE_FAILED: '链接OSS服务器失败，请稍后再试！',
  UPLOAD_FAILED: '上传失败 请重新上传',
  // uploads beyond the spec's wording (docs/decisions/010-uploads-and-storage.md)
  UPLOAD_TYPE_NOT_ALLOWED: '不支持该文件格式，请上传{0}格式的文件',
  UPLOAD_CONTENT_MISMATCH: '文件内容与格式不符，请重新选择文件',
  UPLOAD_POLICY_INVALID: '上传凭证无效或已过期，请重新上传',
  UPLOAD_FILE_MISSING: '请选择要上传的文件',
  UPLOAD_DOWNLOAD_FAILED: '文件下载失败，请稍后再试',

  // docs/product/errors.md WeCom
  WECOM_AUTH_ERROR: '认证异常！',
  WECOM_EID_ERROR: 'eid异常！',
  WECOM_PARAM_MISSING: '参数丢失',
  WECOM_EID_REQUEST_ERROR: 'eid请求异常！',
  WECOM_OAUTH_REQUEST_ERROR: '认证请求异常！',
  WECOM_EMPLOYEE: '员工账户！',
  WECOM_UNKNOWN: '出错了！',
  WECOM_BIND_FAILED: '绑定失败',

  // docs/product/users-and-roles.md page gates
  H_SESSION_ONLY: '当前会场H-用户方可进入',
  LIMITED_PAID_ONLY: '录取后3天内支付才可解锁此内容',
  OFFER_ONLY: '仅录取用户可访问',
  DEPOSIT_REQUIRED: '完成定金支付后，方可访问',
  EARLY_BATCH_ONLY: '仅限前批I、提前批II的同学申请',
  SECONDARY_STUDENT_ONLY: '仅中学生可游览',
  TEACHER_ONLY: '仅教师账号可查看当前页面',

  // gate and payment defaults not worded by the spec
  ALREADY_APPLIED: '已提交申请，请勿重复提交',
  APPLY_FEE_PAID: '申请费已支付',
  TUITION_PAID: '学费已支付',

  // accounts
  PHONE_REGISTERED: '该手机号已注册，请直接登录',
  PHONE_NOT_REGISTERED: '该手机号尚未注册，请先注册',
  WRONG_PASSWORD: '手机号或密码错误',
  CODE_WRONG: '验证码错误或已过期',
  CAPTCHA_WRONG: '答案错误，请重新验证',
  CAPTCHA_EXPIRED: '验证已过期，请重新获取',
  CAPTCHA_LOCKED: '操作过于频繁，请3秒后再试',
  SMS_SEND_FAILED: '短信发送失败，请稍后再试',
  TOO_MANY_REQUESTS: '请求过于频繁，请稍后再试',
  ACCOUNT_DISABLED: '账号已停用，请联系项目办公室',
  SMS_TOO_FREQUENT: '发送过于频繁，请{0}秒后再试',
  SMS_DAILY_LIMIT: '今日发送次数已达上限，请明天再试',
  LOGIN_TOO_MANY: '登录尝试过于频繁，请稍后再试',
  NOT_FOUND_API: '接口不存在',
  RESET_OK: '密码已重置，请使用新密码登录',
  REGISTER_OK: '注册成功',
  LOGIN_OK: '登录成功',
  LOGOUT_OK: '已退出登录',
  SAVE_OK: '保存成功',
  CODE_SENT: '验证码已发送',
  SEND_CODE: '获取验证码',
  RESEND_IN: '{0}秒后重新获取',
  AGREEMENT_REQUIRED: '请先阅读并同意用户协议和隐私政策',
  NAME_REQUIRED: '请填写姓名',
  NAME_TOO_LONG: '姓名不能超过{0}个字',
  EMAIL_REQUIRED: '请填写邮箱',
  PASSWORD_REQUIRED: '请输入密码',
  /** Decision 035: the password is on the list of common and breached passwords. */
  PASSWORD_TOO_COMMON: '该密码过于常见，容易被猜中，请换一个更安全的密码',
  SMS_CODE_REQUIRED: '请输入验证码',
  PHONE_CODE_FORMAT: '区号格式错误',
  CAPTCHA_ANSWER_REQUIRED: '请输入计算结果',
  LOGIN_CREDENTIAL_REQUIRED: '请输入密码或验证码',
  LOGIN_CREDENTIAL_BOTH: '密码和验证码只能填写一项',

  // generic bounds
  TEXT_TOO_LONG: '字数超出限制，最多{0}字',
  PARAM_INVALID: '参数格式错误',
  TRACKING_PAYLOAD_TOO_LARGE: '埋点数据过大',
  TRACKING_RANGE_INVALID: '日期范围无效：开始日期不能晚于结束日期，且最多一年',
  ID_CARD_INVALID: '身份证号码格式错误',
  CARD_NUMBER_INVALID: '证件号码格式错误',
  DATE_INVALID: '日期格式错误',

  // requests refused at the edge before any route sees them (docs/decisions/020-no-input-answers-500.md)
  TEXT_UNSTORABLE: '内容包含无法识别的字符（如控制字符或不完整的表情符号），请删除后重新提交',
  REQUEST_MALFORMED: '请求格式错误，请刷新页面后重试',
  REQUEST_BODY_EMPTY: '请求内容为空，请刷新页面后重试',
  REQUEST_BODY_TOO_LARGE: '提交的内容过大，请精简后重试',
  REQUEST_MEDIA_TYPE_UNSUPPORTED: '不支持的提交格式，请刷新页面后重试',
  REQUEST_ENCODING_UNSUPPORTED: '不支持的内容压缩格式，请刷新页面后重试',
  REQUEST_URL_INVALID: '链接地址无效，请检查链接是否完整',
  REQUEST_METHOD_NOT_ALLOWED: '不支持该请求方式',
  UPLOAD_FORM_MALFORMED: '上传数据不完整，请重新上传',
  UPLOAD_FORM_TOO_LARGE: '上传内容超出限制，请重新上传',

  // payments (docs/decisions/007-payments.md)
  PAY_PURPOSE_REQUIRED: '请选择支付项目',
  PAY_PROVIDER_REQUIRED: '请选择支付方式',
  PAY_METHOD_UNSUPPORTED: '暂不支持该支付方式',
  PAY_UNAVAILABLE: '支付服务暂时不可用，请稍后再试',
  /** /readyz while a node starts, drains, or cannot reach its database (decision 087). */
  SERVICE_NOT_READY: '服务暂不可用，请稍后再试',
  PAY_WX_PAYER_REQUIRED: '请先授权获取微信身份后再使用微信支付',
  PAY_ORDER_NOT_FOUND: '订单不存在',
  PAY_ORDER_BUSY: '订单正在创建，请稍后再试',
  PAY_LINK_INVALID: '支付链接无效，请向学生索取最新的链接',
  PAY_LINK_EXPIRED: '支付链接已过期，请联系学生重新生成',
  PAY_LINK_PAID: '学费已支付，该链接已失效',
  PAY_LINK_JUST_MADE: '家长代付链接刚刚已生成，请勿重复提交；如需新链接，请10秒后再试',
  PAY_OK: '支付成功',
  PAY_ORDER_PAID: '订单已支付',
  PAY_ORDER_CLOSED: '订单已关闭，请返回重新发起支付',
  FEE_INVALID: '金额须为1分至100万元之间的整数（单位：分）',
  // fee plans, due dates and overdue rules (docs/decisions/072-deposits-and-due-dates.md)
  FEE_PLAN_MODE_REQUIRED: '请选择缴费方式（全款或定金+尾款）',
  FEE_PLAN_DUE_INVALID: '截止时间须为具体日期，或录取后1至365天',
  FEE_PLAN_REMINDER_INVALID: '提醒天数须为0至60之间的整数，最多10个',
  FEE_PLAN_RULE_REQUIRED: '请选择逾期处理方式',
  FEE_PLAN_DEPOSIT_TOO_LARGE: '定金须小于学费',
  DUE_AT_INVALID: '请填写有效的截止时间',
  DUE_REASON_REQUIRED: '请填写延期原因（200字以内）',
  DUE_PURPOSE_NOT_IN_PLAN: '当前缴费方式下没有该款项',
  PAY_OVERDUE: '缴费已逾期，请联系项目组办理延期后再支付',
  PAY_DEPOSIT_FIRST: '请先支付定金',
  PAY_INSTALLMENT_PAID: '该款项已支付',

  // admin decisions and financial aid (docs/decisions/011-admission-decisions.md)
  ADMISSION_NOT_FOUND: '申请不存在',
  ADMISSION_NOT_SUBMITTED: '该学生尚未提交第二步申请材料，暂不能做出录取决定',
  ADMISSION_RELEASED_LOCKED: '已发布的录取结果不能修改，请先撤回',
  ADMISSION_NO_DECISION: '该申请还没有录取决定',
  ADMISSION_NOT_RELEASED: '录取结果尚未发布，无需撤回',
  ADMISSION_DRAFT_DELETED: '已删除',
  ADMISSION_WITHDRAWN: '已撤回',
  ADMISSION_TUITION_PAID: '学生已缴纳学费，不能撤回录取结果',
  ADMISSION_DECISION_REQUIRED: '请选择录取结果',
  ADMISSION_PLACE_REQUIRED: '请选择会场/期次',
  ADMISSION_TRACK_REQUIRED: '请选择专业方向',
  ADMISSION_RELEASE_IDS: '请选择要发布的申请（每次1至500个）',
  AID_NOT_FOUND: '助学金申请不存在',
  AID_STATUS_REQUIRED: '请选择批准或拒绝',
  AID_AMOUNT_INVALID: '资助金额须在0.01元至学费金额之间',
  AID_TUITION_PAID: '学生已缴纳学费，不能再修改助学金决定',

  // offer letter and financial aid (docs/decisions/012-offer-letter-and-tuition.md)
  OFFER_LETTER_INVALID: '此录取通知书无效或已撤回',
  AID_FAMILY_MEMBERS_INVALID: '请填写1-20之间的家庭人口数',
  AID_REASON_TOO_SHORT: '申请理由不少于50字',
  AID_ATTACHMENT_INVALID: '附件无效，请重新上传',
  AID_ALREADY_DECIDED: '资助申请已审核，不能再修改',
  AID_AFTER_TUITION_PAID: '学费已支付，无法再申请资助',

  // site variant, tester gate and side helper (docs/decisions/015-amc-and-side-helper.md)
  TESTER_PASSWORD_WRONG: '访问密码错误',
  TESTER_GATE_OFF: '本站点无需访问密码',
  SITE_QR_FILE_INVALID: '请上传 PNG 或 JPG 格式的二维码图片',
  PAGE_NOT_FOUND: '页面不存在',

  // programmes (docs/decisions/075-programmes.md)
  PROGRAMME_NOT_FOUND: '项目不存在',
  PROGRAMME_CODE_INVALID: '项目代码须为2至30位小写字母、数字或连字符，并以字母开头',
  PROGRAMME_CODE_TAKEN: '项目代码已被使用',
  PROGRAMME_KEY_INVALID: '标识须为小写字母开头的字母、数字或下划线（40位以内）',
  PROGRAMME_KEY_DUPLICATE: '步骤或题目标识重复',
  PROGRAMME_TEXT_TOO_LONG: '内容过长',
  PROGRAMME_STEPS_REQUIRED: '请至少设置一个申请步骤',
  PROGRAMME_STEP_EMPTY: '每个步骤至少需要一道题目',
  PROGRAMME_OPTIONS_REQUIRED: '单选、多选和下拉题须至少设置一个选项',
  PROGRAMME_ROLE_ONLY_SL: '仅学生领袖账号可申请',
  PROGRAMME_ROLE_ONLY_STUDENT: '仅学生账号可申请',
  PROGRAMME_TYPE_NOT_ELIGIBLE: '你的账号类型不能申请该项目',
  PROGRAMME_TAG_REQUIRED: '仅受邀同学可申请该项目',
  PROGRAMME_NOT_OPEN: '该项目暂未开放申请',
  PROGRAMME_CLOSED: '该项目申请已截止',
  PROGRAMME_STEP_NOT_FOUND: '申请步骤不存在',
  PROGRAMME_STEP_ORDER: '请先完成前面的申请步骤',
  PROGRAMME_ANSWER_REQUIRED: '请填写：{0}',
  PROGRAMME_ANSWER_INVALID: '填写内容无效：{0}',
  PROGRAMME_ALREADY_SUBMITTED: '申请已提交，不能再修改',
  PROGRAMME_SUBMITTED: '申请已提交',
  PROGRAMME_DRAFT_SAVED: '草稿已保存',
  PROGRAMME_APPLICATION_NOT_FOUND: '该项目申请不存在',
  PROGRAMME_NOT_SUBMITTED: '申请尚未提交，暂不能做出决定',
  PROGRAMME_OFFER_TYPE_REQUIRED: '请选择录取类型',
  PROGRAMME_RELEASED_LOCKED: '已发布的结果不能修改',
  PROGRAMME_NOT_RELEASED: '结果尚未发布，无需撤回',
  PROGRAMME_WITHDRAW_PAID: '学生已缴纳项目费用，不能撤回录取结果',
  /** The notice under 消息 when a programme's result is released or withdrawn ({0}: the programme's name). */
  PROGRAMME_RESULT_NOTICE_TITLE: '{0}录取结果已公布',
  PROGRAMME_RESULT_NOTICE_BODY: '你的{0}申请结果已公布，请在“我的账户”中进入该项目查看。',
  PROGRAMME_WITHDRAWN_NOTICE_TITLE: '{0}录取结果已撤回',
  PROGRAMME_WITHDRAWN_NOTICE_BODY: '项目组撤回了你的{0}申请结果，结果将重新审核后再次公布。如有疑问请联系项目组。',
  PROGRAMME_DURATION_REQUIRED: '请先选择课程时长',
  PROGRAMME_DURATION_INVALID: '课程时长无效',
  PROGRAMME_DURATION_LOCKED: '已缴费，不能再更改课程时长',
  PROGRAMME_WEEK_NOT_OPEN: '本周内容尚未开放',
  PROGRAMME_NO_FEE: '该项目无需缴费',
  PASSPORT_NUMBER_INVALID: '请填写正确的护照号码（5至20位字母或数字）',
  PASSPORT_NAME_INVALID: '请按护照填写英文姓名（大写字母，姓与名之间用空格）',
  PASSPORT_EXPIRY_INVALID: '请选择护照有效期',
  PASSPORT_EXPIRY_TOO_SOON: '护照有效期须在项目结束后至少六个月',
  PASSPORT_SCAN_REQUIRED: '请上传护照首页扫描件',
  PASSPORT_SAVED: '护照信息已保存',
  VISA_FILES_REQUIRED: '请上传签证材料',
  VISA_STATUS_REQUIRED: '请选择审核结果',
  VISA_REVIEW_NOTE_REQUIRED: '退回时请填写需补充的材料',
  VISA_NOT_SUBMITTED: '学生尚未提交签证材料',
  VISA_NOT_REQUIRED: '该项目无需办理签证',
  PASSPORT_NOT_REQUIRED: '该项目无需提交护照',
  PROGRAMME_APPLY_FEE_NOT_DUE: '请先提交申请，再支付申请费',
  PAY_NHP_UNSUPPORTED: '该项目不支持合作方渠道支付',
  VISA_LOCKED: '签证材料已通过审核，不能再修改',
  PASSPORT_NOT_SAVED: '该学生尚未提交护照信息',
  PASSPORT_UNREADABLE: '护照号码无法解密，请联系技术人员',

  // content store (docs/decisions/013-content-store.md)
  CONTENT_SECTION_ID_DUPLICATE: '段落标识重复',
  CONTENT_NO_DRAFT: '该页面没有待发布的草稿',
} as const;

export type MessageKey = keyof typeof MSG;

/** Fills `{0}`, `{1}`, … with the arguments; placeholders without an argument stay as written. */
export function formatMessage(template: string, ...args: ReadonlyArray<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}

/** WeCom failure page: error code in the URL → message (docs/product/errors.md). */
export const WECOM_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'user-1': MSG.WECOM_AUTH_ERROR,
  'user-2': MSG.WECOM_EID_ERROR,
  'eid-1': MSG.WECOM_AUTH_ERROR,
  'eid-2': MSG.WECOM_EID_ERROR,
  user_bind_para: MSG.WECOM_PARAM_MISSING,
  eid_request: MSG.WECOM_EID_REQUEST_ERROR,
  oauth_request: MSG.WECOM_OAUTH_REQUEST_ERROR,
  employee: MSG.WECOM_EMPLOYEE,
};

/** The message for a WeCom error code; an unknown code shows the stored error text, else 出错了！. */
export function wecomErrorMessage(code: string | null | undefined, storedError?: string | null): string {
  if (code != null && Object.hasOwn(WECOM_ERROR_MESSAGES, code)) return WECOM_ERROR_MESSAGES[code] ?? MSG.WECOM_UNKNOWN;
  return storedError ? storedError : MSG.WECOM_UNKNOWN;
}
