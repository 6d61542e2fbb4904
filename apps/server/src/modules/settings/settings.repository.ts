import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

export class SettingsRepository {
  constructor(private readonly orm: Orm) {}

  async all(): Promise<Record<string, unknown>> {
    const rows = await this.orm.select({ key: settings.key, value: settings.value }).from(settings);
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  async upsert(values: Record<string, unknown>): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => ({ key, value, updatedAt: new Date() }));
    if (rows.length === 0) return;
    await this.orm
      .insert(settings)
      .values(rows)
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
  }
}
