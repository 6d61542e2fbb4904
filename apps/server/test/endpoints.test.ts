import * as contracts from '@tally/contracts';
import { defineApi, type Endpoint, endpoint, isEndpoint, nothing } from '@tally/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../src/lib/endpoint-routes.js';
import endpointsPlugin, { endpointCoverage, UNDECLARED_API_ROUTES } from '../src/plugins/endpoints.js';
import { createTestApp, type TestApp } from './app.js';

/** Every call the contracts declare: each `*_API` object's endpoints. */
const declared: Endpoint[] = Object.entries(contracts)
  .filter(([name]) => name.endsWith('_API'))
  .flatMap(([, api]) => Object.values(api as Record<string, unknown>).filter(isEndpoint));

describe('every API call is registered from its one declaration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'public' });
  });
  afterAll(() => t.close());

  it('declares calls in the contracts, each id once', () => {
    expect(declared.length).toBeGreaterThan(130);
    const ids = declared.map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const paths = declared.map((e) => `${e.method} ${e.path}`);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('registers every declaration exactly once, and no API route without one', () => {
    expect(endpointCoverage(declared, t.app.registeredRoutes)).toEqual({
      unregistered: [],
      registeredTwice: [],
      undeclared: [],
    });
  });

  it('documents every declared call in OpenAPI under its id, and nothing else under /api/v1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const documented: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        if (UNDECLARED_API_ROUTES[key]) continue;
        documented.push(op.operationId ?? `${key} (no operationId)`);
      }
    }
    expect(documented.sort()).toEqual(declared.map((e) => e.id).sort());
  });
});

describe('the registration check', () => {
  const API = defineApi('things', {
    fetch: endpoint({ method: 'GET', path: '/api/v1/admin/thing/fetch', access: 'users', response: nothing }),
    del: endpoint({ method: 'POST', path: '/api/v1/admin/thing/del', access: 'users', response: nothing }),
  });

  async function appWith(register: (app: FastifyInstance) => void) {
    const app = Fastify();
    await app.register(endpointsPlugin);
    register(app);
    await app.ready();
    return app;
  }

  it('names a declaration left unregistered', async () => {
    const app = await appWith((a) => route(a, API.fetch, () => null));
    expect(endpointCoverage(Object.values(API), app.registeredRoutes)).toEqual({
      unregistered: ['things.del (POST /api/v1/admin/thing/del)'],
      registeredTwice: [],
      undeclared: [],
    });
    await app.close();
  });

  it('refuses an API route added without a declaration', async () => {
    await expect(
      appWith((a) => {
        a.post('/api/v1/admin/thing/undeclared', async () => null);
      }),
    ).rejects.toThrow('Route POST /api/v1/admin/thing/undeclared is registered without a descriptor');
  });

  it('names a route registered twice from one declaration', async () => {
    const app = await appWith((a) => {
      route(a, API.fetch, () => null);
      route(a, API.del, () => null);
      a.register(async (scope: FastifyInstance) =>
        route(scope, { ...API.fetch, path: '/api/v1/admin/thing/fetch2' }, () => null),
      );
    });
    expect(endpointCoverage(Object.values(API), app.registeredRoutes).registeredTwice).toEqual([
      'things.fetch',
    ]);
    await app.close();
  });
});
