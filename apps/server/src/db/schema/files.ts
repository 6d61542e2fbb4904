import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Uploaded materials; the bytes live in DATA_DIR/files under `stored_name`, never under the uploaded name. */
export const files = pgTable(
  'files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storedName: text('stored_name').notNull(),
    originalName: text('original_name').notNull(),
    /** Recognised from the bytes, not from the name or the browser's claim. */
    mime: text('mime').notNull(),
    ext: text('ext').notNull(),
    kind: text('kind').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    uploaderId: bigint('uploader_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_stored_name_key').on(t.storedName), index('files_kind_idx').on(t.kind, t.id)],
);

export type FileRow = typeof files.$inferSelect;
