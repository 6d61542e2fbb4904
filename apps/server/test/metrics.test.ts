import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { hit, newOwner, newSite } from './analytics-factories.js';
import { createTestApp, type TestApp } from './app.js';

const TOKEN = 'metrics-test-token-0123456789';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

const has = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.some((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe('/metrics with METRICS_TOKEN set', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const owner = await newOwner(t);
    key = (await newSite(t, owner, { domains: ['example.com'] })).tracking_key;
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
  const samples = async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(res.body);
  };

  it('refuses a missing or wrong bearer token with 401', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      'Bearer',
    ]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('tally_');
    }
  });

  it('reads the collect, batch and HTTP counters moving under collect load', async () => {
    const before = await samples();
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, (_, i) =>
        hit(t, { s: key, t: 'pv', u: `https://example.com/p${i}`, v: `visitor${i % 10}`, p: `pv${i}` }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        hit(t, { s: key, t: 'pv', u: 'https://example.com/', p: `bot${i}` }, { ua: GOOGLEBOT }),
      ),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      ...Array<number>(5).fill(202),
      ...Array<number>(50).fill(204),
    ]);
    const after = await samples();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels);

    expect(delta('tally_collect_hits_acknowledged_total')).toBe(55);
    expect(delta('tally_collect_hits_stored_total')).toBe(50);
    expect(delta('tally_collect_hits_dropped_total', { reason: 'bot' })).toBe(5);
    expect(delta('tally_collect_hits_dropped_total', { reason: 'orphan' })).toBe(0);
    const collect = { method: 'POST', route: '/api/collect' };
    expect(delta('tally_http_request_duration_seconds_count', { ...collect, status: '204' })).toBe(50);
    expect(delta('tally_http_request_duration_seconds_count', { ...collect, status: '202' })).toBe(5);
    expect(
      delta('tally_http_request_duration_seconds_bucket', { ...collect, status: '204', le: '+Inf' }),
    ).toBe(50);
    // Every stored hit went through a batch: the sizes add up to them, one delay observed per batch.
    const batches = delta('tally_collect_batch_size_count');
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(batches).toBeLessThanOrEqual(50);
    expect(delta('tally_collect_batch_size_sum')).toBe(50);
    expect(delta('tally_collect_batch_delay_seconds_count')).toBe(batches);
    expect(delta('tally_collect_batch_write_seconds_count')).toBe(batches);
    expect(value(after, 'tally_collect_hits_pending')).toBe(0);

    // Scrapes themselves are not counted.
    expect(has(after, 'tally_http_request_duration_seconds_count', { route: '/metrics' })).toBe(false);
  });

  it('labels requests by route pattern, and unmatched paths as one route', async () => {
    const before = await samples();
    await t.app.inject({ method: 'GET', url: '/api/v1/no/such/call' });
    await t.app.inject({ method: 'GET', url: '/no-such-page-42' });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'HEAD', url: '/healthz' });
    const after = await samples();
    const delta = (labels: Record<string, string>) =>
      value(after, 'tally_http_request_duration_seconds_count', labels) -
      value(before, 'tally_http_request_duration_seconds_count', labels);
    expect(delta({ route: '(unmatched)', method: 'GET' })).toBe(2);
    expect(delta({ route: '/healthz', method: 'GET' })).toBe(1);
    expect(delta({ route: '/healthz', method: 'HEAD' })).toBe(1);
    expect(after.some((s) => s.labels.route?.includes('no-such'))).toBe(false);
  });

  it('exposes the pool, jobs, chain watcher lag and the process defaults', async () => {
    const s = await samples();
    expect(value(s, 'tally_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    expect(has(s, 'tally_db_pool_connections', { state: 'busy' })).toBe(true);
    expect(has(s, 'tally_db_pool_connections', { state: 'idle' })).toBe(true);
    expect(has(s, 'tally_db_pool_waiting')).toBe(true);
    expect(has(s, 'tally_jobs', { queue: 'mail.send', state: 'failed' })).toBe(true);
    expect(has(s, 'tally_jobs', { queue: 'finance.chain-watch', state: 'created' })).toBe(true);
    expect(value(s, 'tally_chain_watcher_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(has(s, 'tally_chain_watcher_cycles_total', { outcome: 'read' })).toBe(true);
    expect(has(s, 'tally_telegram_sends_total')).toBe(true);
    expect(has(s, 'tally_telegram_send_waits_total', { reason: 'chat_limit' })).toBe(true);
    expect(value(s, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(has(s, 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(has(s, 'nodejs_heap_size_used_bytes')).toBe(true);
  });

  it('reads the job counts at most every few seconds, however often it is scraped', async () => {
    const queues = vi.spyOn(t.services.queueMonitor, 'queues');
    try {
      for (let i = 0; i < 5; i++) await samples();
      expect(queues.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      queues.mockRestore();
    }
  });
});

describe('/metrics of a worker (no HTTP otherwise)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ METRICS_TOKEN: TOKEN, ROLE: 'worker', PORT: String(port), HOST: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('serves /metrics alone on PORT', async () => {
    const url = `http://127.0.0.1:${port}`;
    const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    const s = parse(await ok.text());
    expect(has(s, 'tally_chain_watcher_lag_seconds')).toBe(true);
    expect(has(s, 'tally_jobs', { queue: 'mail.send' })).toBe(true);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await fetch(`${url}/healthz`)).status).toBe(404);
    expect((await fetch(`${url}/api/v1/public/settings`)).status).toBe(404);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404, with or without a token, and never the web app', async () => {
    for (const headers of [{ accept: 'text/html' }, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/<html|<!doctype|tally_/i);
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('is refused when short or holding spaces', () => {
    const env = { APP_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...env, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ ...env, METRICS_TOKEN: 'has a space in it 0123' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ ...env, METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig(env).metricsToken).toBeUndefined();
  });
});
