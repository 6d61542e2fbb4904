import type { AreaMessages } from './area.js';

/**
 * Signing in and up, email codes, captchas and the password reset (auth.ts, modules/auth, modules/captcha).
 */
export const authMessages: AreaMessages = {
  area: 'auth',
  fixed: {
    'letters, digits, _ . - or Chinese characters': '只能包含字母、数字、_ . - 或汉字',
    '6 digits': '应为 6 位数字',
    'wrong password': '密码错误',
    'already registered': '已被注册',
    'unknown invite code': '邀请码不存在',
    'wrong code': '验证码错误',
    'expired or not requested, please request a new code': '验证码已过期或未发送，请重新获取',
    'too many attempts, please request a new code': '尝试次数过多，请重新获取验证码',
    'code already used': '验证码已被使用',
    'wrong or expired captcha, please try a new one': '图形验证码错误或已过期，请换一张',
    'Account and password are incorrect.': '账号或密码错误。',
    'This account is disabled.': '该账号已被停用。',
    'This account has been banned. Please contact support.': '该账号已被封禁，请联系客服。',
    'Registration is closed.': '注册已关闭。',
    'Please wait before asking for another code.': '请稍后再获取验证码。',
  },
  patterns: [
    [/^Please wait (\d+) s before asking for another code\.$/, (n) => `请等待 ${n} 秒后再获取验证码。`],
    [
      /^Too many failed sign-ins from this address; try again in (\d+) s\.$/,
      (n) => `登录失败次数过多，请 ${n} 秒后再试。`,
    ],
  ],
  fields: {
    username: { zh: '用户名', en: 'Username' },
    email: { zh: '邮箱', en: 'Email' },
    password: { zh: '密码', en: 'Password' },
    old_password: { zh: '当前密码', en: 'Current password' },
    new_password: { zh: '新密码', en: 'New password' },
    email_code: { zh: '邮箱验证码', en: 'Email code' },
    invite_code: { zh: '邀请码', en: 'Invite code' },
    captcha: { zh: '验证码', en: 'Captcha' },
    captcha_id: { zh: '验证码', en: 'Captcha' },
    purpose: { zh: '用途', en: 'Purpose' },
  },
};
