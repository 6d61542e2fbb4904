import crypto from 'node:crypto';

/**
 * SHA-256 of a string, in hex. Node's one-shot `crypto.hash` (20.12+) gives the digest
 * `createHash(…).update(…).digest(…)` gives at about half the cost (no Hash object per call), which
 * shows on the collect path (one to three digests a hit); older Node 20 releases take the long way.
 */
export const sha256Hex: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * Cookieless visitors: a hash of IP, user agent and site under a salt that changes every local day
 * and is deleted soon after, so the same person is one visitor for a day and cannot be followed across
 * days, nor re-identified from the stored hash.
 */
export class VisitorIds {
  private readonly salts = new Map<string, Promise<string>>();

  constructor(private readonly saltFor: (day: string, candidate: string) => Promise<string>) {}

  async hashed(siteId: number, day: string, ip: string, userAgent: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.saltFor(day, crypto.randomBytes(16).toString('hex'));
      salt.catch(() => this.salts.delete(day));
      if (this.salts.size > 4) this.salts.clear();
      this.salts.set(day, salt);
    }
    const digest = sha256Hex(`${await salt}|${siteId}|${ip}|${userAgent}`);
    return `h${digest.slice(0, 31)}`;
  }
}
