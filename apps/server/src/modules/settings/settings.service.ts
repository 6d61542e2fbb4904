import type { Ad, FileUser, PublicSettings } from '@tally/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { Sealer } from '../../lib/sealed.js';
import { PUBLIC_KEYS, SETTING_DEFAULTS, type SettingKey, type Settings } from './settings.defaults.js';
import type { SettingsRepository } from './settings.repository.js';

/**
 * Settings are read on hot paths (every user/info, every sealed response), so they are cached; the
 * short TTL lets a change made by another app process reach this one without a message bus.
 */
const CACHE_MS = 2_000;

/** Secrets: stored sealed with APP_SECRET, held open only in memory. */
const SEALED_KEYS = ['smtp_pass', 'trongrid_api_key'] as const;

export class SettingsService {
  private cache?: { at: number; value: Settings };
  /** Counts saves, so a read that was in flight during one does not cache what it read before it. */
  private saves = 0;

  /** Sealed values already reported as unreadable, so the log says it once, not on every read. */
  private reported = new Set<string>();

  constructor(
    private readonly repo: SettingsRepository,
    private readonly sealer: Sealer,
    private readonly log?: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  async all(): Promise<Settings> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.value;
    const savesBefore = this.saves;
    const stored = await this.repo.all();
    const value = { ...SETTING_DEFAULTS } as Record<string, unknown>;
    for (const key of Object.keys(SETTING_DEFAULTS)) if (key in stored) value[key] = stored[key];
    for (const key of SEALED_KEYS) value[key] = this.open(key, String(value[key]));
    // On PostgreSQL the read and the save run on different connections, so this read may predate it.
    if (savesBefore === this.saves) this.cache = { at: Date.now(), value: value as Settings };
    return value as Settings;
  }

  async get<K extends SettingKey>(key: K): Promise<Settings[K]> {
    return (await this.all())[key];
  }

  /**
   * One setting read on the caller's transaction, for code that runs inside one (an order's payment
   * hook): a read on the pool there would wait for that very transaction on PGlite. Not for secrets.
   */
  async getIn<K extends Exclude<SettingKey, (typeof SEALED_KEYS)[number]>>(
    key: K,
    tx: Tx,
  ): Promise<Settings[K]> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.value[key];
    const stored = await this.repo.in(tx).all();
    return (key in stored ? stored[key] : SETTING_DEFAULTS[key]) as Settings[K];
  }

  async update(values: Partial<Settings>): Promise<{ before: Partial<Settings>; after: Partial<Settings> }> {
    const current = await this.all();
    const before = Object.fromEntries(Object.keys(values).map((k) => [k, current[k as SettingKey]]));
    await this.write(values);
    return { before, after: values };
  }

  /** Seals secrets stored in plain text by a version before sealing (run at start). */
  async sealPlainSecrets(): Promise<void> {
    const stored = await this.repo.all();
    const plain = SEALED_KEYS.filter(
      (k) => typeof stored[k] === 'string' && !this.sealer.isSealed(stored[k]),
    );
    if (plain.length > 0) await this.write(Object.fromEntries(plain.map((k) => [k, stored[k]])));
  }

  /** Stores values inside the caller's transaction (the back office saves them with their audit row). */
  store(values: Partial<Settings>, tx: Tx): Promise<void> {
    return this.write(values, tx);
  }

  /** The one way values reach the database: secrets sealed, then the cache let go. */
  private async write(values: Record<string, unknown>, tx?: Tx): Promise<void> {
    const row = { ...values };
    for (const key of SEALED_KEYS) {
      if (typeof row[key] === 'string' && row[key] !== '') row[key] = this.sealer.seal(row[key]);
    }
    await (tx ? this.repo.in(tx) : this.repo).upsert(row);
    this.forget();
    // A read between this write and the commit still sees the old rows: let that go too.
    tx?.afterCommit(() => this.forget());
  }

  private forget() {
    this.saves += 1;
    this.cache = undefined;
  }

  /** An unreadable secret (sealed under another APP_SECRET) reads as not set, so the back office asks for it again. */
  private open(key: string, stored: string): string {
    const value = this.sealer.open(stored);
    if (value !== undefined) return value;
    if (!this.reported.has(stored)) {
      this.reported.add(stored);
      this.log?.error(
        { setting: key },
        'a stored secret cannot be opened with this APP_SECRET (was DATA_DIR/app-secret replaced?); enter it again in the back office',
      );
    }
    return '';
  }

  async publicSettings(): Promise<{ set: PublicSettings; ads: Ad[] }> {
    const all = await this.all();
    const set = Object.fromEntries(PUBLIC_KEYS.map((k) => [k, all[k]])) as PublicSettings;
    const ads = all.ads.filter((a) => a.enabled).sort((a, b) => a.order - b.order);
    return { set, ads };
  }

  /** Ads showing any of these images (asked before a file is deleted). */
  async adsUsing(urls: string[]): Promise<Map<string, FileUser[]>> {
    const found = new Map<string, FileUser[]>();
    for (const ad of await this.get('ads')) {
      if (!urls.includes(ad.image)) continue;
      found.set(ad.image, [...(found.get(ad.image) ?? []), { kind: 'ad', id: ad.id, title: ad.title }]);
    }
    return found;
  }
}
