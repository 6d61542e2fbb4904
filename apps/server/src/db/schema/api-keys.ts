import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Personal API keys (modules/api-keys): only the SHA-256 digest of a key is stored, so a leaked table
 * opens nothing; `prefix` is what the owner sees to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    /** Names of API_KEY_SCOPES (contracts); they narrow the owner's roles, read at every call. */
    scopes: text('scopes').array().notNull(),
    /** Addresses and CIDR ranges the key is taken from; empty: any. */
    allowedIps: text('allowed_ips').array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: bigint('revoked_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash), index('api_keys_user_id_idx').on(t.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
