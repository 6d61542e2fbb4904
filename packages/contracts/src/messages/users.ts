import type { AreaMessages } from './area.js';

/** 用户管理 and the own password (admin-users.ts, modules/users). */
export const usersMessages: AreaMessages = {
  area: 'users',
  fixed: {
    'must differ from the old password': '不能与当前密码相同',
    'choose at least one role': '请至少选择一个角色',
    'each role once': '每个角色只能选一次',
    'you cannot remove your own admin role': '不能移除自己的管理员角色',
    'you cannot ban yourself': '不能封禁自己',
    'the last active admin must stay an admin': '最后一个有效的管理员不能被移除管理员角色',
    'the last active admin cannot be banned': '最后一个有效的管理员不能被封禁',
    'User not found': '用户不存在',
    'Session not found': '会话不存在',
  },
  fields: {
    session_id: { zh: '会话', en: 'Session' },
    roles: { zh: '角色', en: 'Roles' },
  },
};
