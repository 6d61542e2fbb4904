import { randomBytes } from 'node:crypto';
import { sha256 } from '../../lib/tokens.js';

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
      salt = this.saltFor(day, randomBytes(16).toString('hex'));
      salt.catch(() => this.salts.delete(day));
      if (this.salts.size > 4) this.salts.clear();
      this.salts.set(day, salt);
    }
    const digest = sha256(`${await salt}|${siteId}|${ip}|${userAgent}`);
    return `h${digest.slice(0, 31)}`;
  }
}
