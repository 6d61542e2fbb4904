import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import * as contracts from '@tally/contracts';
import {
  API_KEY_SCOPE_NAMES,
  apiKeyReaches,
  type Endpoint,
  HEADER_TOKEN,
  isEndpoint,
} from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { SECURITY, THROTTLED_CALLS } from '../src/lib/openapi.js';
import { TOKEN_COOKIE } from '../src/plugins/api-docs.js';
import { newOwner, newSite } from './analytics-factories.js';
import { createTestApp, type TestApp } from './app.js';
import { signedIn } from './factories.js';

const DOC = '/api/docs/json';

/** Every call the contracts declare, by id. */
const declared = new Map<string, Endpoint>(
  Object.entries(contracts)
    .filter(([name]) => name.endsWith('_API'))
    .flatMap(([, api]) => Object.values(api as Record<string, unknown>).filter(isEndpoint))
    .map((e) => [e.id, e]),
);

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { $ref?: string }>;
}
interface Document {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, Record<string, string>>;
    responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
  };
}

function operations(doc: Document): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]),
  );
}

describe('the API document (API_DOCS=public)', () => {
  let t: TestApp;
  let source: string;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'public' });
    const res = await t.app.inject({ method: 'GET', url: DOC });
    expect(res.statusCode).toBe(200);
    source = res.body;
    doc = JSON.parse(source);
  });
  afterAll(() => t.close());

  it("has no error under Redocly's recommended rules (warnings listed)", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'tally-openapi.json', config });
    const line = (p: (typeof problems)[number]) =>
      `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`;
    const warnings = problems.filter((p) => p.severity === 'warn').map(line);
    if (warnings.length)
      console.info(`OpenAPI lint, ${warnings.length} warnings:\n  ${warnings.join('\n  ')}`);
    expect(problems.filter((p) => p.severity === 'error').map(line)).toEqual([]);
  });

  it('is served to anyone, the UI too', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    const yaml = await t.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toMatch(/^openapi: 3\.0\.3$/m);
    expect(yaml.body).not.toContain('x-tally-errors');
  });

  it('names the API, its version and its conventions, and declares both credentials', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(doc.info.title).toBe('Tally API');
    expect(doc.info.version).toBe(pkg.version);
    expect(doc.info.description).toMatch(/HTTP 200 with `code: 403`/);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.components.securitySchemes[SECURITY.token]).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Token',
    });
    expect(doc.components.securitySchemes[SECURITY.key]).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [name, answer] of Object.entries(doc.components.responses))
      expect(answer.content['application/json']!.schema, name).toEqual({
        $ref: '#/components/schemas/ErrorEnvelope',
      });
  });

  it('gives every declared call a summary', () => {
    expect([...declared.values()].filter((e) => !e.summary?.trim()).map((e) => e.id)).toEqual([]);
  });

  it('documents every operation: id, summary, tag, security unless public, its error answers', () => {
    const wrong: string[] = [];
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(130);
    for (const [key, op] of ops) {
      const endpoint = op.operationId ? declared.get(op.operationId) : undefined;
      if (!endpoint) {
        wrong.push(`${key}: no declared call (operationId ${op.operationId})`);
        continue;
      }
      if (!op.summary?.trim()) wrong.push(`${key}: no summary`);
      if (op.tags?.[0] !== endpoint.tag) wrong.push(`${key}: tag ${op.tags}`);
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s)).sort();
      const expected =
        endpoint.access === 'public'
          ? []
          : apiKeyReaches(API_KEY_SCOPE_NAMES, endpoint)
            ? [SECURITY.key, SECURITY.token].sort()
            : [SECURITY.token];
      if (!op.security) wrong.push(`${key}: no security requirement`);
      else if (schemes.join() !== expected.join()) wrong.push(`${key}: security ${schemes} ≠ ${expected}`);
      const statuses = Object.keys(op.responses);
      const needs = [
        ...(endpoint.access === 'public' ? [] : ['403']),
        ...((endpoint.method === 'GET' ? endpoint.query : endpoint.body) || endpoint.multipart
          ? ['422']
          : []),
        ...(THROTTLED_CALLS.includes(endpoint.id) ? ['429'] : []),
        ...(schemes.includes(SECURITY.key) ? ['401', '429'] : []),
      ];
      for (const status of needs) if (!statuses.includes(status)) wrong.push(`${key}: no ${status} answer`);
      for (const status of statuses.filter((s) => s !== '200')) {
        const ref = op.responses[status]!.$ref ?? '';
        if (!doc.components.responses[ref.replace('#/components/responses/', '')])
          wrong.push(`${key}: ${status} is not a shared error answer (${ref})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names only existing calls among the throttled ones', () => {
    expect(THROTTLED_CALLS.filter((id) => !declared.has(id))).toEqual([]);
  });

  it('lists no page, beacon or health check', () => {
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/v1/'))).toEqual([]);
  });
});

describe('API_DOCS=signed-in (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is the default; other values are refused at start', () => {
    const env = { APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env).apiDocs).toBe('signed-in');
    expect(() => loadConfig({ ...env, API_DOCS: 'yes' })).toThrow(ConfigError);
  });

  it('refuses the document without a session (401), and a share-link session (403)', async () => {
    for (const url of [DOC, '/api/docs/yaml']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 403, data: null, error: 'UNAUTHENTICATED' });
      const wrong = await t.app.inject({ method: 'GET', url, headers: { [HEADER_TOKEN]: 'x'.repeat(40) } });
      expect(wrong.statusCode).toBe(401);
    }
    const site = await newSite(t, await newOwner(t));
    const client = await t.services.sessions.open({ kind: 'client', userId: null, siteId: site.id });
    const res = await t.app.inject({ method: 'GET', url: DOC, headers: { [HEADER_TOKEN]: client } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, error: 'FORBIDDEN' });
  });

  it("serves it to a session's X-Token or the web app's cookie, never cached, the session left as it is", async () => {
    const user = await signedIn(t, ['user']);
    // A token due for rotation: reading the document must not rotate it (nobody would learn the new one).
    await t.db.query(
      `update sessions set token_issued_at = now() - interval '3 days', last_seen_at = now() - interval '1 hour'`,
    );
    const before = await t.db.query(`select token_hash, last_seen_at from sessions`);
    const byHeader = await t.app.inject({ method: 'GET', url: DOC, headers: { [HEADER_TOKEN]: user.token } });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json().openapi).toMatch(/^3\./);
    expect(byHeader.headers['cache-control']).toBe('private, no-store');
    const byCookie = await t.app.inject({ method: 'GET', url: DOC, cookies: { [TOKEN_COOKIE]: user.token } });
    expect(byCookie.statusCode).toBe(200);
    expect(await t.db.query(`select token_hash, last_seen_at from sessions`)).toEqual(before);
  });

  it('serves the UI page to anyone (it holds nothing; it reads the document with the cookie)', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(ui.statusCode).toBe(200);
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('persistAuthorization');
  });
});

describe('API_DOCS=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'off' });
  });
  afterAll(() => t.close());

  it('serves neither the document nor the UI (404), even to an admin', async () => {
    const admin = await signedIn(t, ['admin']);
    for (const url of [DOC, '/api/docs/yaml', '/api/docs', '/api/docs/', '/api/docs/static/index.html']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', [HEADER_TOKEN]: admin.token },
      });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
