import { PLAYGROUND_API } from '@tally/contracts';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../lib/endpoint-routes.js';
import { actorOf, requireAuth } from '../../plugins/auth.js';
import type { PlaygroundService } from './playground.service.js';

/**
 * The Playground panel's calls. Registered in every server (every declared call is), each answering
 * 404 unless the server runs as the playground: the service refuses before it does anything.
 */
export async function playgroundRoutes(
  app: FastifyInstance,
  { playground }: { playground: PlaygroundService },
) {
  routes(app, PLAYGROUND_API, {
    status: () => playground.status(),
    recharges: () => playground.openRecharges(),
    pay: (b) => playground.pay(b.id),
    groups: (_, r) => playground.groups(requireAuth(r)),
    addGroup: (b, r) => playground.addGroup(requireAuth(r), actorOf(r), b),
    command: (b, r) => playground.command(requireAuth(r), b),
    report: (b, r) => playground.report(requireAuth(r), b),
    messages: (q, r) => playground.groupMessages(requireAuth(r), q.group_id),
  });
}
