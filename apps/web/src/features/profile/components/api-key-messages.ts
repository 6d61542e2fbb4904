import type { ApiKeyScope } from '@tally/contracts';
import { addMessages } from '../../../lib/messages';

/** i18next reads `:` as a namespace separator: scopes are looked up as `reports_read`. */
export const scopeKey = (scope: ApiKeyScope) => scope.replace(':', '_');

const en = {
  apiKeys: {
    title: 'API keys',
    intro:
      'Scripts call the API with the header `Authorization: Bearer <key>`. A key does what your account may do, narrowed to its scopes, and never manages your account.',
    create: 'New key',
    empty: 'No API keys yet',
    name: 'Name',
    namePlaceholder: 'e.g. nightly report export',
    scopes: 'Scopes',
    expires: 'Expires',
    never: 'Never',
    allowedIps: 'Allowed addresses',
    allowedIpsHelp: 'One IP address or CIDR range per line; empty: any address',
    anyAddress: 'any address',
    lastUsed: 'Last used {{time}} from {{ip}}',
    neverUsed: 'Never used',
    expiresAt: 'Expires {{time}}',
    createdAt: 'Created {{time}}',
    from: 'From: {{ips}}',
    status: { active: 'Active', expired: 'Expired', revoked: 'Revoked' },
    scope: {
      reports_read: 'Read reports',
      sites: 'Manage sites',
      finance_read: 'Read finance',
      admin_read: 'Read the back office',
      admin: 'Back office',
    },
    revoke: 'Revoke',
    revokeConfirm: 'Revoke “{{name}}”? Scripts using it are refused from their next call.',
    revoked: 'Key revoked',
    createTitle: 'New API key',
    cancel: 'Cancel',
    save: 'Create',
    createdTitle: 'Your new API key',
    once: 'This key is shown only once. Copy it now and keep it somewhere safe.',
    copy: 'Copy',
    copied: 'Copied',
    done: 'Done',
  },
};

const zh: typeof en = {
  apiKeys: {
    title: 'API 密钥',
    intro:
      '脚本调用接口时带上请求头 `Authorization: Bearer <密钥>`。密钥可做的事不超过您的账号权限，并限于所选的权限范围；密钥不能管理您的账号。',
    create: '新建密钥',
    empty: '还没有 API 密钥',
    name: '名称',
    namePlaceholder: '例如：每晚导出报表',
    scopes: '权限范围',
    expires: '过期时间',
    never: '永不过期',
    allowedIps: '允许的地址',
    allowedIpsHelp: '每行一个 IP 地址或 CIDR 网段；留空则不限地址',
    anyAddress: '不限地址',
    lastUsed: '最后使用：{{time}}，来自 {{ip}}',
    neverUsed: '从未使用',
    expiresAt: '过期时间：{{time}}',
    createdAt: '创建于 {{time}}',
    from: '允许地址：{{ips}}',
    status: { active: '有效', expired: '已过期', revoked: '已撤销' },
    scope: {
      reports_read: '读取报表',
      sites: '管理站点',
      finance_read: '读取财务',
      admin_read: '读取后台',
      admin: '后台管理',
    },
    revoke: '撤销',
    revokeConfirm: '撤销“{{name}}”？使用它的脚本从下一次调用起会被拒绝。',
    revoked: '密钥已撤销',
    createTitle: '新建 API 密钥',
    cancel: '取消',
    save: '创建',
    createdTitle: '新的 API 密钥',
    once: '该密钥只显示这一次，请立即复制并妥善保存。',
    copy: '复制',
    copied: '已复制',
    done: '完成',
  },
};

addMessages({ en, zh });
