import { defineApi, endpoint, pathsOf } from './endpoint-core.js';
import {
  commissionPageSchema,
  commissionsQuerySchema,
  inviteePageSchema,
  inviteesQuerySchema,
  inviteInfoSchema,
  inviteTransferBodySchema,
} from './invites-schemas.js';
import { walletInfoSchema } from './ledger-schemas.js';

export * from './invites-constants.js';

/**
 * 邀请返利 (issue 16 §5): the signed-in user's invite link, the accounts they invited, and the
 * commission their paid orders earn (ACCESS.account). Money is a decimal USDT string in JSON (money.ts).
 */
export const INVITE_API = defineApi('invites', {
  info: endpoint({
    method: 'GET',
    path: '/api/v1/api2/invite/info',
    access: 'account',
    summary: "The caller's invite link and commission figures",
    response: inviteInfoSchema,
  }),
  invitees: endpoint({
    method: 'GET',
    path: '/api/v1/api2/invite/invitees',
    access: 'account',
    summary: 'The accounts the caller invited',
    query: inviteesQuerySchema,
    response: inviteePageSchema,
  }),
  commissions: endpoint({
    method: 'GET',
    path: '/api/v1/api2/invite/commissions',
    access: 'account',
    summary: "The commission the caller's invitees' paid orders earned",
    query: commissionsQuerySchema,
    response: commissionPageSchema,
  }),
  /** The whole commission balance → the balance (when the setting allows). */
  transfer: endpoint({
    method: 'POST',
    path: '/api/v1/api2/invite/transfer',
    access: 'account',
    summary: 'Move the whole commission balance to the balance',
    body: inviteTransferBodySchema,
    response: walletInfoSchema,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const INVITE_PATHS = pathsOf(INVITE_API);
