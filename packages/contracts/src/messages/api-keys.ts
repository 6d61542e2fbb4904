import type { AreaMessages } from './area.js';

/** API keys (api-keys.ts, modules/api-keys). */
export const apiKeysMessages: AreaMessages = {
  area: 'api-keys',
  fixed: {
    'choose at least one scope': '请至少选择一个权限范围',
    'each scope once': '每个权限范围只能选一次',
    'must be in the future': '必须是将来的时间',
    'your roles do not allow this scope': '您的角色不能使用该权限范围',
    'You hold as many API keys as allowed; revoke one first.': 'API 密钥数量已达上限，请先撤销一个。',
    'API key not found': 'API 密钥不存在',
    'This API key is invalid, revoked or expired.': '该 API 密钥无效、已撤销或已过期。',
    'This API key may not be used from this address.': '该 API 密钥不允许从此地址使用。',
  },
  fields: {
    scopes: { zh: '权限范围', en: 'Scopes' },
    allowed_ips: { zh: '允许的地址', en: 'Allowed addresses' },
  },
};
