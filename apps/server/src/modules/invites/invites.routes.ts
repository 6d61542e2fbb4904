import { INVITE_API } from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '../../lib/endpoint-routes.js';
import { ownAccountId } from '../../plugins/auth.js';
import type { InvitesService } from './invites.service.js';

/** 邀请返利: every call reads or moves the caller's own invites and commission; no user id is taken. */
export const invitesRoutes: FastifyPluginAsyncZod<{ invites: InvitesService }> = async (app, { invites }) => {
  routes(app, INVITE_API, {
    info: (_, request) => invites.info(ownAccountId(request)),
    invitees: (query, request) => invites.invitees(ownAccountId(request), query),
    commissions: (query, request) => invites.commissions(ownAccountId(request), query.status, query),
    transfer: (body, request) => invites.transferAll(ownAccountId(request), body.request_id),
  });
};
