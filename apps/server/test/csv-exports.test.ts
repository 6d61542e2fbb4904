import { once } from 'node:events';
import { request as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatRow } from '@tally/contracts';
import * as contracts from '@tally/contracts';
import {
  ADMIN_COUPON_PATHS,
  ADMIN_USER_PATHS,
  ARTICLES_PATHS,
  AUDIT_PATHS,
  BILLING_PATHS,
  BOTS_API,
  FILES_API,
  FINANCE_PATHS,
  GROUPS_API,
  isEndpoint,
  MAIL_API,
  QUEUE_API,
  SETTINGS_PATHS,
  SHORT_LINK_PATHS,
  TICKET_PATHS,
} from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSV_BATCH, csvWriter, zonedTime } from '../src/lib/csv-export.js';
import { GROUP_CSV } from '../src/modules/telegram/telegram-csv.js';
import { createTestApp, type TestApp } from './app.js';
import { signedIn } from './factories.js';
import { recharge } from './money.js';

type Signed = Awaited<ReturnType<typeof signedIn>>;
const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const CJK = /[\u4e00-\u9fff]/;

/** Every chunk a stream still has. */
async function toArray(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** CSV text → rows of cells (quoted cells with commas, quotes and line breaks read back). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/**
 * Every list's CSV export, table-driven: each is checked in both languages and two zones against its
 * own `fetch` (the same filters): the headings worded in the asked language, an enum value in its
 * words, a time on the asked zone's wall clock. The export paths are collected from the contracts, so
 * a list given an export without a row here fails.
 */
describe('CSV exports of every list', () => {
  let t: TestApp;
  let admin: Signed;
  let user: Signed;

  /** export path → its list's fetch path, the row's time field, an enum's word in zh and en the seeded row shows, who reads it. */
  const LISTS: Record<string, { token: () => string; fetch: string; time: string; word?: [string, string] }> =
    {};
  const add = (
    path: string,
    fetch: string,
    time: string,
    word?: [string, string],
    token = () => admin.token,
  ) => {
    LISTS[path] = { token, fetch, time, word };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin']);
    user = await signedIn(t, ['user']);
    const as = (token: string, path: string, body: unknown) =>
      t.call('POST', path, { token, body }).then((r) => {
        expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
        return r.body.data;
      });
    // One row in each list the API can make here.
    await as(admin.token, FINANCE_PATHS.addresses.save, { address: ADDRESS, label: 'main' });
    await as(user.token, FINANCE_PATHS.user.rechargeCreate, { amount: '10' });
    await recharge(t, user.id, 100_000_000n);
    await as(user.token, FINANCE_PATHS.user.withdrawalCreate, { amount: '20', address: ADDRESS });
    await t.db.query(
      `insert into usdt_transfers (tx_id, from_address, to_address, amount, block_time, status)
       values ($1, $2, $3, 5000000, '2026-03-01T16:30:00Z', 'unmatched')`,
      ['ab'.repeat(32), 'TXYZ', ADDRESS],
    );
    await as(user.token, TICKET_PATHS.create, { subject: 'CSV', priority: 'high', content: 'a question' });
    await as(admin.token, ARTICLES_PATHS.save, { title: 'CSV', content: '<p>x</p>', status: 'published' });
    await as(admin.token, SHORT_LINK_PATHS.save, { target: 'https://example.test/csv', title: 'CSV' });
    await as(admin.token, ADMIN_COUPON_PATHS.save, { code: 'CSV10', kind: 'percent', percent: 10 });
    await as(admin.token, SETTINGS_PATHS.testMail, { to: 'csv@example.test' });

    const own = () => user.token;
    add(ADMIN_USER_PATHS.export, ADMIN_USER_PATHS.fetch, 'created_at', ['正常', 'Active']);
    add(
      FINANCE_PATHS.addresses.fetch.replace('fetch', 'export'),
      FINANCE_PATHS.addresses.fetch,
      'created_at',
      ['是', 'Yes'],
    );
    add(
      FINANCE_PATHS.transfers.fetch.replace('fetch', 'export'),
      FINANCE_PATHS.transfers.fetch,
      'block_time',
      ['未匹配', 'Unmatched'],
    );
    add(
      FINANCE_PATHS.recharges.fetch.replace('fetch', 'export'),
      FINANCE_PATHS.recharges.fetch,
      'created_at',
      ['待处理', 'Pending'],
    );
    add(
      FINANCE_PATHS.withdrawals.fetch.replace('fetch', 'export'),
      FINANCE_PATHS.withdrawals.fetch,
      'created_at',
      ['待处理', 'Pending'],
    );
    add(
      FINANCE_PATHS.user.rechargeExport,
      FINANCE_PATHS.user.rechargeList,
      'created_at',
      ['待处理', 'Pending'],
      own,
    );
    add(
      FINANCE_PATHS.user.withdrawalExport,
      FINANCE_PATHS.user.withdrawalList,
      'created_at',
      ['待处理', 'Pending'],
      own,
    );
    add(BILLING_PATHS.ordersExport, BILLING_PATHS.orders, 'created_at', undefined, own);
    add(contracts.ADMIN_ORDER_PATHS.export, contracts.ADMIN_ORDER_PATHS.fetch, 'created_at');
    add(ADMIN_COUPON_PATHS.export, ADMIN_COUPON_PATHS.fetch, 'created_at', ['百分比', 'Percentage']);
    add(AUDIT_PATHS.export, AUDIT_PATHS.fetch, 'created_at');
    add(ARTICLES_PATHS.export, ARTICLES_PATHS.fetch, 'created_at', ['已发布', 'Published']);
    add(FILES_API.export.path, FILES_API.fetch.path, 'created_at');
    add(SHORT_LINK_PATHS.export, SHORT_LINK_PATHS.fetch, 'created_at', ['启用', 'On']);
    add(BOTS_API.export.path, BOTS_API.fetch.path, 'created_at');
    add(GROUPS_API.export.path, GROUPS_API.fetch.path, 'joined_at');
    add(TICKET_PATHS.export, TICKET_PATHS.fetch, 'created_at', ['待回复', 'Waiting for reply'], own);
    add(contracts.ADMIN_TICKET_PATHS.export, contracts.ADMIN_TICKET_PATHS.fetch, 'created_at', [
      '高',
      'High',
    ]);
    add(MAIL_API.export.path, MAIL_API.fetch.path, 'created_at', ['已保存（未配置 SMTP）', 'Kept (no SMTP)']);
    add(`${QUEUE_API.export.path}?queue=mail`, `${QUEUE_API.fetch.path}?queue=mail`, 'created_on');
    add(
      contracts.WALLET_PATHS.ledgerCsv,
      contracts.WALLET_PATHS.ledger,
      'created_at',
      ['余额', 'Balance'],
      own,
    );
  });
  afterAll(() => t.close());

  const exportOf = (path: string, query: string, token: string, headers: Record<string, string> = {}) =>
    t.call('GET', `${path}${path.includes('?') ? '&' : '?'}${query}`, { token, headers });

  it('every export a list declares is in this table', () => {
    const declared = Object.values(contracts)
      .flatMap((api) => (typeof api === 'object' && api ? Object.values(api) : []))
      .filter((e) => isEndpoint(e) && e.file)
      .map((e) => (e as { path: string }).path)
      // Reports export their tables with their own test (reports.ground-truth.test.ts).
      .filter((path) => !path.includes('/report'));
    const tabled = Object.keys(LISTS).map((p) => p.split('?')[0]);
    expect(declared.filter((p) => !tabled.includes(p))).toEqual([]);
    expect(declared.length).toBeGreaterThanOrEqual(20);
  });

  it('headings and values in the asked language, times on the asked zone’s wall clock', async () => {
    for (const [path, list] of Object.entries(LISTS)) {
      const token = list.token();
      const zh = await exportOf(path, 'lang=zh-CN&tz=Asia/Shanghai', token);
      const en = await exportOf(path, 'lang=en-US&tz=America/New_York', token);
      for (const res of [zh, en]) {
        expect(res.status, `${path}: ${res.body.message}`).toBe(200);
        expect(res.headers['content-type'], path).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition'], path).toMatch(
          /^attachment; filename="[a-z-]+-\d{4}-\d\d-\d\d\.csv"$/,
        );
        expect(res.body.message.startsWith('\uFEFF'), path).toBe(true);
      }
      const [zhHead, ...zhRows] = parseCsv(zh.body.message.slice(1));
      const [enHead, ...enRows] = parseCsv(en.body.message.slice(1));
      // Every heading worded: Chinese in zh (an acronym such as ID or IP may stay), none in en.
      expect(zhHead!.filter((h) => CJK.test(h)).length, `${path} ${zhHead}`).toBeGreaterThan(
        zhHead!.length / 2,
      );
      expect(
        zhHead!.filter((h) => /^[a-z]+(_[a-z]+)+$/.test(h)),
        `${path} raw field names`,
      ).toEqual([]);
      expect(
        enHead!.filter((h) => CJK.test(h)),
        `${path} ${enHead}`,
      ).toEqual([]);
      expect(
        enHead!.filter((h) => /^[a-z]+(_[a-z]+)+$/.test(h)),
        `${path} raw field names`,
      ).toEqual([]);
      if (path !== contracts.WALLET_PATHS.ledgerCsv) {
        expect(
          zhHead!.some((h) => h.endsWith('(Asia/Shanghai)')),
          `${path} ${zhHead}`,
        ).toBe(true);
        expect(
          enHead!.some((h) => h.endsWith('(America/New_York)')),
          `${path} ${enHead}`,
        ).toBe(true);
      }

      const page = await t.call('GET', list.fetch, { token });
      const first = page.body.data.list[0];
      expect(zhRows.length, path).toBe(page.body.data.total ?? page.body.data.list.length);
      if (!first) continue;
      // The list's first row, found by its id (用户管理's export reads by id; the others in the list's order).
      const ledger = path === contracts.WALLET_PATHS.ledgerCsv;
      const zhRow = ledger ? zhRows[0] : zhRows.find((r) => r[0] === String(first.id));
      const enRow = ledger ? enRows[0] : enRows.find((r) => r[0] === String(first.id));
      if (list.word) {
        expect(zhRow, path).toContain(list.word[0]);
        expect(enRow, path).toContain(list.word[1]);
      }
      const at = first[list.time] as string;
      if (!ledger) {
        expect(zhRow, `${path} ${at}`).toContain(zonedTime(at, 'Asia/Shanghai'));
        expect(enRow, `${path} ${at}`).toContain(zonedTime(at, 'America/New_York'));
      }
    }
  });

  it('writes a time as YYYY-MM-DD HH:mm:ss of the zone (a known instant, across a date line)', async () => {
    const res = await exportOf(
      FINANCE_PATHS.transfers.fetch.replace('fetch', 'export'),
      'lang=en-US&tz=Asia/Shanghai',
      admin.token,
    );
    const [head, row] = parseCsv(res.body.message.slice(1));
    const cell = row![head!.findIndex((h) => h.startsWith('Block time'))];
    expect(cell).toBe('2026-03-02 00:30:00');
    const utc = await exportOf(
      FINANCE_PATHS.transfers.fetch.replace('fetch', 'export'),
      'lang=en-US&tz=UTC',
      admin.token,
    );
    expect(utc.body.message).toContain('2026-03-01 16:30:00');
  });

  it('takes the language from the language cookie and the session from the x-token cookie (a plain link)', async () => {
    const path = AUDIT_PATHS.export;
    const res = await t.call('GET', `${path}?tz=UTC`, {
      headers: { cookie: `language=zh; x-token=${admin.token}` },
    });
    expect(res.status).toBe(200);
    expect(parseCsv(res.body.message.slice(1))[0]).toContain('编号');
    // The cookie is a session only for a file: a list's fetch still wants the header.
    const list = await t.call('GET', AUDIT_PATHS.fetch, { headers: { cookie: `x-token=${admin.token}` } });
    expect(list.body.code).toBe(403);
    // A user's cookie reaches an admin export no more than the header does.
    const refused = await t.call('GET', path, { headers: { cookie: `x-token=${user.token}` } });
    expect(refused.status).toBe(403);
  });

  it('refuses an unknown zone or language with 422 in the caller’s language', async () => {
    const bad = await exportOf(AUDIT_PATHS.export, 'tz=Mars/Olympus', admin.token, {
      'accept-language': 'zh-CN',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['tz']);
    expect(bad.body.message).toMatch(CJK);
    const lang = await exportOf(AUDIT_PATHS.export, 'lang=fr-FR', admin.token);
    expect(lang.status).toBe(422);
  });

  it('the finance lists sort server-side', async () => {
    await recharge(t, user.id, 100_000_000n);
    await t.call('POST', FINANCE_PATHS.user.withdrawalCreate, {
      token: user.token,
      body: { amount: '30', address: ADDRESS },
    });
    const amounts = async (sort: string) =>
      (
        await t.call('GET', `${FINANCE_PATHS.withdrawals.fetch}?sort=${sort}`, { token: admin.token })
      ).body.data.list.map((w: { amount: string }) => Number(w.amount));
    expect(await amounts('amount')).toEqual([20, 30]);
    expect(await amounts('-amount')).toEqual([30, 20]);
    const csv = await exportOf(
      FINANCE_PATHS.withdrawals.fetch.replace('fetch', 'export'),
      'sort=-amount&lang=en-US',
      admin.token,
    );
    const rows = parseCsv(csv.body.message.slice(1));
    const amount = rows[0]!.indexOf('Amount (USDT)');
    expect(rows.slice(1).map((r) => r[amount])).toEqual(['30', '20']);
    const bad = await t.call('GET', `${FINANCE_PATHS.recharges.fetch}?sort=user_id`, { token: admin.token });
    expect(bad.status).toBe(422);
  });

  it('writes codes as words: the audit log’s actions and who acted, a ledger entry’s reference', async () => {
    const table = async (path: string, lang: string, token: string) =>
      parseCsv((await exportOf(path, `lang=${lang}&tz=UTC`, token)).body.message.slice(1));
    const column = (rows: string[][], heading: string) => {
      const at = rows[0]!.indexOf(heading);
      expect(at, `${heading} in ${rows[0]}`).toBeGreaterThanOrEqual(0);
      return rows.slice(1).map((r) => r[at]);
    };
    const zh = await table(AUDIT_PATHS.export, 'zh-CN', admin.token);
    const en = await table(AUDIT_PATHS.export, 'en-US', admin.token);
    const zhActions = column(zh, contracts.fieldLabel('action', 'zh'));
    const enActions = column(en, contracts.fieldLabel('action', 'en'));
    // What beforeAll's calls recorded (a test mail, an article), in words; no code (`articles.create`) left.
    expect(zhActions).toEqual(expect.arrayContaining(['发送测试邮件', '新建文章']));
    expect(enActions).toEqual(expect.arrayContaining(['Test mail sent', 'Article created']));
    for (const action of [...zhActions, ...enActions]) expect(action).not.toMatch(/^[a-z_]+\.[a-z_]+$/);
    expect(enActions.length).toBeGreaterThan(0);
    expect(column(en, contracts.fieldLabel('actor_name', 'en'))).toContain(admin.username);

    const zhLedger = await table(contracts.WALLET_PATHS.ledgerCsv, 'zh-CN', user.token);
    const enLedger = await table(contracts.WALLET_PATHS.ledgerCsv, 'en-US', user.token);
    // The withdrawal's hold refers to it: 提现 / Withdrawal, not `withdrawal`.
    expect(column(zhLedger, '关联类型')).toContain('提现');
    expect(column(enLedger, 'Reference type')).toContain('Withdrawal');
    expect(column(enLedger, 'Reference type')).not.toContain('withdrawal');
  });

  it('writes a Telegram chat’s type in words (超级群组, Supergroup), not Telegram’s code', () => {
    const row = {
      id: 1,
      chat_id: -100,
      title: 'Ops',
      type: 'supergroup',
      bot_id: 1,
      bot_username: 'tally_bot',
      bot_status: 'ok',
      member_count: 3,
      language: 'zh' as const,
      bindings: [],
      joined_at: '2026-03-01T16:30:00Z',
      left_at: null,
    } satisfies ChatRow;
    const zh = csvWriter(GROUP_CSV, 'zh-CN', 'UTC').rows([row]);
    const en = csvWriter(GROUP_CSV, 'en-US', 'UTC').rows([row]);
    expect(zh).toContain(',超级群组,');
    expect(en).toContain(',Supergroup,');
    expect(en).not.toContain('supergroup');
  });

  it('streams a large export: the first bytes arrive while most batches are unread, and a stalled reader holds the rest back', async () => {
    const ROWS = 20_000;
    // ~1 KB of `after` per row: 20 MB in all, more than any socket buffer takes up front.
    await t.db.query(
      `insert into audit_log (actor_id, action, target, ip, after)
       select $1, 'settings.save', 'csv-' || g, '127.0.0.1', jsonb_build_object('pad', repeat('x', 1000))
       from generate_series(1, $2::int) g`,
      [admin.id, ROWS],
    );
    const total = (await t.call('GET', `${AUDIT_PATHS.fetch}?limit=1`, { token: admin.token })).body.data
      .total;
    const batches = Math.ceil(total / CSV_BATCH);
    const listed = vi.spyOn(t.services.audit, 'list');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      httpGet(
        { port, path: `${AUDIT_PATHS.export}?lang=en-US&tz=UTC`, headers: { 'x-token': admin.token } },
        resolve,
      )
        .on('error', reject)
        .end();
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    // The heading and the first batch arrive while most batches are not even read yet.
    res.setEncoding('utf8');
    const [first] = (await once(res, 'data')) as [string];
    const atFirstChunk = listed.mock.calls.length;
    expect(atFirstChunk).toBeLessThan(batches / 2);
    // Stalled: the server stops reading batches once the socket is full (back-pressure). Wait until
    // the count stops moving (a buffering server would read all of them meanwhile).
    res.pause();
    let whileStalled = -1;
    for (let i = 0; i < 60 && whileStalled !== listed.mock.calls.length; i++) {
      whileStalled = listed.mock.calls.length;
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(whileStalled).toBeLessThan(batches / 2);
    let lines = 0;
    let chunks = 0;
    let rest = '';
    for await (const chunk of [first, ...(await toArray(res))]) {
      chunks++;
      const text = rest + chunk;
      const parts = text.split('\r\n');
      rest = parts.pop() ?? '';
      lines += parts.length;
    }
    expect(lines).toBe(total + 1);
    expect(listed.mock.calls.length).toBe(batches + (total % CSV_BATCH === 0 ? 1 : 0));
    expect(chunks).toBeGreaterThan(batches);
    console.info(
      `csv stream: ${total} rows, ${batches} batches, ${atFirstChunk} read at the first chunk, ${whileStalled} while the reader stalled, ${chunks} chunks`,
    );
  }, 120_000);
});
