// Zod-free texts of the WeChat login states: the login screen must not pull the domain's schemas (decision 018).
export const WECHAT_MSG_TEXT = {
  oneTapHint: '未绑定微信的账号，首次请用手机号登录，登录后自动绑定',
  off: '微信登录暂未开启，请使用手机号登录',
  needBind: '该微信尚未绑定账号，请用手机号登录或注册，登录后自动绑定',
} as const;
