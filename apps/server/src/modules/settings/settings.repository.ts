import { sql } from 'drizzle-orm';
import { Repository } from '../../db/repository.js';
import { settings } from '../../db/schema/index.js';

export class SettingsRepository extends Repository {
  async all(): Promise<Record<string, unknown>> {
    // Read as text and parsed once: drizzle's jsonb mapping parses a string value a second time, which
    // turns a setting holding JSON text (tjDomains) into an array.
    const rows = await this.orm
      .select({ key: settings.key, value: sql<string>`${settings.value}::text` })
      .from(settings);
    return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)]));
  }

  async upsert(values: Record<string, unknown>): Promise<void> {
    // Serialised here for the same reason: a string must reach jsonb as a JSON string.
    const rows = Object.entries(values).map(([key, value]) => ({
      key,
      value: sql`${JSON.stringify(value)}::jsonb`,
      updatedAt: new Date(),
    }));
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
