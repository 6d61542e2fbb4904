import {
  adminUserAdjustBodySchema,
  adminUserDetailSchema,
  adminUserExportQuerySchema,
  adminUserIdBodySchema,
  adminUserIdQuerySchema,
  adminUserLedgerQuerySchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserPasswordSchema,
  adminUserRevokeSessionBodySchema,
  adminUserRowSchema,
  adminUserSaveBodySchema,
  adminUserSaveResponseSchema,
  adminUserSwitchBodySchema,
} from './admin-users-schemas.js';
import { nothing } from './endpoint.js';
import { defineApi, endpoint, pathsOf } from './endpoint-core.js';
import { ledgerPageSchema } from './ledger-schemas.js';

export * from './admin-users-constants.js';

/**
 * 用户管理 (`/users/users`, admins only): the seed's fetch / save / switch pattern (section 7, like
 * `shot_url`), plus the calls the page's modals and drawer make.
 */
export const ADMIN_USER_API = defineApi('users', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/user/fetch',
    access: 'users',
    summary: 'List users (search, role, status, registration days, balance, sort)',
    query: adminUserListQuerySchema,
    response: adminUserPageSchema,
  }),
  /** Create without `id`; edit username, email and roles with it. */
  save: endpoint({
    method: 'POST',
    path: '/api/v1/admin/user/save',
    access: 'users',
    summary: 'Create a user (no id) or edit username, email and roles',
    body: adminUserSaveBodySchema,
    response: adminUserSaveResponseSchema,
  }),
  /** Ban (`status: 'banned'`) or unban (`'active'`). */
  switch: endpoint({
    method: 'POST',
    path: '/api/v1/admin/user/switch',
    access: 'users',
    summary: 'Ban or unban a user',
    body: adminUserSwitchBodySchema,
    response: adminUserRowSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/v1/admin/user/detail',
    access: 'users',
    summary: 'One user with their latest sites, sessions and invitees',
    query: adminUserIdQuerySchema,
    response: adminUserDetailSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/v1/admin/user/resetPassword',
    access: 'users',
    summary: 'Give a user a new generated password (answered once)',
    body: adminUserIdBodySchema,
    response: adminUserPasswordSchema,
  }),
  revokeSession: endpoint({
    method: 'POST',
    path: '/api/v1/admin/user/revokeSession',
    access: 'users',
    summary: "End one of a user's sessions",
    body: adminUserRevokeSessionBodySchema,
    response: nothing,
  }),
  adjustBalance: endpoint({
    method: 'POST',
    path: '/api/v1/admin/user/adjustBalance',
    access: 'users',
    summary: "Add to or take from a user's balance, with a reason",
    body: adminUserAdjustBodySchema,
    response: adminUserRowSchema,
  }),
  ledger: endpoint({
    method: 'GET',
    path: '/api/v1/admin/user/ledger',
    access: 'users',
    summary: "A page of one user's ledger entries",
    query: adminUserLedgerQuerySchema,
    response: ledgerPageSchema,
  }),
  /** The filtered list as CSV (UTF-8 with a BOM), every row, streamed. */
  export: endpoint({
    method: 'GET',
    path: '/api/v1/admin/user/export',
    access: 'users',
    file: true,
    summary: 'The filtered user list as a CSV file',
    query: adminUserExportQuerySchema,
    response: nothing,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const ADMIN_USER_PATHS = pathsOf(ADMIN_USER_API);
