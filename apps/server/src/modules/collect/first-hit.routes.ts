import { SITE_HITS_API } from '@tally/contracts';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../lib/endpoint-routes.js';
import { requireAuth } from '../../plugins/auth.js';
import type { FirstHitService } from './first-hit.service.js';

export async function firstHitRoutes(app: FastifyInstance, deps: { firstHit: FirstHitService }) {
  routes(app, SITE_HITS_API, {
    firstHit: (query, request) => deps.firstHit.read(requireAuth(request), query.id),
  });
}
