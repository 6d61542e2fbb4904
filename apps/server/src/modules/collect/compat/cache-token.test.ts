import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../lib/tokens.js';
import { pageIdOf } from '../compat-plausible.js';
import { CacheTokens } from './cache-token.js';
import { tallyHit, uuidOf } from './shared.js';

const SECRET = 'a test secret of forty characters......';
const NOW = Date.UTC(2026, 10, 28, 2, 0, 0);
const CLAIMS = { w: 'umami-website', k: 'trackingkey01', v: 'h0123456789abcdef0123456789abcde' };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const macOf = (body: string, secret = SECRET) =>
  createHmac('sha256', `umami-cache:${secret}`).update(body).digest('base64url');

describe('Umami cache tokens', () => {
  it('keeps the wire format: base64url claims, a dot, the HMAC-SHA256 of the app secret', () => {
    const token = new CacheTokens(SECRET).sign(CLAIMS, NOW);
    const body = b64({ ...CLAIMS, iat: NOW / 1000 });
    expect(token).toBe(`${body}.${macOf(body)}`);
  });

  it('a token is honoured for its website while fresh, by any process with the same secret', () => {
    const issuer = new CacheTokens(SECRET);
    const token = issuer.sign(CLAIMS, NOW);
    for (const tokens of [issuer, new CacheTokens(SECRET)]) {
      expect(tokens.verify(token, CLAIMS.w, NOW + 1000)).toMatchObject(CLAIMS);
      expect(tokens.verify(token, 'another-website', NOW + 1000)).toBeUndefined();
      expect(tokens.verify(token, CLAIMS.w, NOW + 86_401_000)).toBeUndefined();
    }
  });

  it('a forged or altered token is refused', () => {
    const issuer = new CacheTokens(SECRET);
    const token = issuer.sign(CLAIMS, NOW);
    const [, mac] = token.split('.');
    const otherVisitor = b64({ ...CLAIMS, v: 'someoneelse', iat: NOW / 1000 });
    const otherSite = b64({ ...CLAIMS, k: 'othersitekey', iat: NOW / 1000 });
    const forged = [
      `${otherVisitor}.${mac}`,
      `${otherSite}.${mac}`,
      `${otherVisitor}.${macOf(otherVisitor, 'a guessed secret')}`,
      `${token}x`,
      `${token}.${mac}`,
      token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      'null.null',
      '',
    ];
    for (const tokens of [issuer, new CacheTokens(SECRET)]) {
      for (const bad of forged) expect(tokens.verify(bad, CLAIMS.w, NOW)).toBeUndefined();
    }
    expect(issuer.verify(token, CLAIMS.w, NOW)).toMatchObject(CLAIMS);
  });
});

describe('answering with a token', () => {
  it('answers a fresh verified token back unchanged, and signs anew for another visitor or after an hour', () => {
    const tokens = new CacheTokens(SECRET);
    const token = tokens.sign(CLAIMS, NOW);
    // Not verified yet: nothing is taken on the client's word.
    expect(tokens.answer(token, CLAIMS, NOW + 1000)).not.toBe(token);
    expect(tokens.verify(token, CLAIMS.w, NOW + 1000)).toMatchObject(CLAIMS);
    expect(tokens.answer(token, CLAIMS, NOW + 1000)).toBe(token);
    const other = tokens.answer(token, { ...CLAIMS, v: 'anothervisitor01' }, NOW + 1000);
    expect(tokens.verify(other, CLAIMS.w, NOW + 1000)).toMatchObject({ v: 'anothervisitor01' });
    const renewed = tokens.answer(token, CLAIMS, NOW + 3_601_000);
    expect(renewed).not.toBe(token);
    expect(tokens.verify(renewed, CLAIMS.w, NOW + 86_401_000)).toMatchObject(CLAIMS);
    expect(tokens.verify(token, CLAIMS.w, NOW + 86_401_000)).toBeUndefined();
  });
});

describe('digests on the collect path', () => {
  it('sha256, uuidOf and the visitor id are the digests createHash gives', () => {
    const long = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const text of ['', 'abc', 'salt|1|203.0.113.9|Mozilla/5.0 …', '访客 ✓'])
      expect(sha256(text)).toBe(long(text));
    const h = long('key|visitor');
    expect(uuidOf('key|visitor')).toBe(
      `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`,
    );
    const hit = tallyHit(
      { trackingKey: 'k' },
      { kind: 'pageview', url: 'https://a.example/', clientId: 'x@y' },
    );
    expect(hit.v).toBe(`c${long('x@y').slice(0, 31)}`);
    // Plausible's page id (a ping names its page by URL) keeps its value across the one-shot hash.
    const url = 'https://a.example/p?q=1';
    expect(pageIdOf(url)).toBe(`pl${createHash('sha1').update(url).digest('base64url').slice(0, 12)}`);
  });

  it('tallyHit gives the same hit as before its literals replaced spreads', () => {
    const page = tallyHit(
      { trackingKey: 'k' },
      {
        kind: 'pageview',
        url: 'https://a.example/p',
        referrer: 'https://b.example/',
        title: 'T',
        screen: { w: 1920, h: 1080 },
        language: 'zh-CN',
        clientId: 'abcdef12',
      },
    );
    expect(page).toEqual({
      s: 'k',
      u: 'https://a.example/p',
      r: 'https://b.example/',
      v: 'abcdef12',
      t: 'pv',
      ti: 'T',
      w: 1920,
      h: 1080,
      l: 'zh-CN',
    });
    const event = tallyHit(
      { trackingKey: 'k' },
      { kind: 'event', url: 'https://a.example/p', name: 'signup', props: { plan: 'pro' } },
    );
    expect(event).toEqual({
      s: 'k',
      u: 'https://a.example/p',
      r: '',
      v: undefined,
      t: 'ev',
      n: 'signup',
      d: { plan: 'pro' },
    });
  });
});
