import {
  commissionPageSchema,
  commissionsQuerySchema,
  INVITE_PATHS,
  inviteePageSchema,
  inviteesQuerySchema,
  inviteInfoSchema,
  inviteTransferBodySchema,
  walletInfoSchema,
} from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAccountId } from '../../plugins/auth.js';
import type { InvitesService } from './invites.service.js';

/** 邀请返利: every call reads or moves the caller's own invites and commission; no user id is taken. */
export const invitesRoutes: FastifyPluginAsyncZod<{ invites: InvitesService }> = async (app, { invites }) => {
  const config = { access: 'account' } as const;
  const tags = ['invites'];

  app.get(INVITE_PATHS.info, { config, schema: { tags, response: { 200: inviteInfoSchema } } }, (request) =>
    invites.info(ownAccountId(request)),
  );
  app.get(
    INVITE_PATHS.invitees,
    { config, schema: { tags, querystring: inviteesQuerySchema, response: { 200: inviteePageSchema } } },
    (request) => invites.invitees(ownAccountId(request), request.query),
  );
  app.get(
    INVITE_PATHS.commissions,
    {
      config,
      schema: { tags, querystring: commissionsQuerySchema, response: { 200: commissionPageSchema } },
    },
    (request) => invites.commissions(ownAccountId(request), request.query.status, request.query),
  );
  app.post(
    INVITE_PATHS.transfer,
    { config, schema: { tags, body: inviteTransferBodySchema, response: { 200: walletInfoSchema } } },
    (request) => invites.transferAll(ownAccountId(request), request.body.request_id),
  );
};
