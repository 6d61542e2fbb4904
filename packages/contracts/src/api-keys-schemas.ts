// The API keys' zod schemas, apart from api-keys.ts (its calls) and api-keys-constants.ts, so 个人中心's
// first load does not carry zod: the web build drops the schemas the calls name.
import { z } from 'zod';
import { API_KEY_SCOPE_NAMES, API_KEY_STATUSES } from './api-keys-constants.js';
import { ignoredIpSchema } from './sites-schemas.js';
import { plainText, storableString } from './text.js';

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPE_NAMES);

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: storableString(),
  /** `tly_` and the key's first characters, to tell keys apart; never the key. */
  prefix: storableString(),
  scopes: z.array(apiKeyScopeSchema),
  /** Addresses or CIDR ranges the key is taken from; empty: any. */
  allowed_ips: z.array(storableString()),
  status: z.enum(API_KEY_STATUSES),
  /** ISO time; null never expires. */
  expires_at: storableString().nullable(),
  last_used_at: storableString().nullable(),
  last_used_ip: storableString().nullable(),
  revoked_at: storableString().nullable(),
  created_at: storableString(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ list: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyCreateBodySchema = z.object({
  name: plainText(64).min(1, 'required'),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, 'choose at least one scope')
    .max(API_KEY_SCOPE_NAMES.length)
    .refine((s) => new Set(s).size === s.length, 'each scope once'),
  /** ISO time in the future; null never expires. */
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
  allowed_ips: z.array(ignoredIpSchema).max(20).default([]),
});
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBodySchema>;

/** The key itself is in this answer only: it is stored as a SHA-256 digest. */
export const apiKeyCreatedSchema = z.object({ key: storableString(), api_key: apiKeySchema });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyRevokeBodySchema = z.object({ id: z.number().int().positive() });

export const apiKeyUserQuerySchema = z.object({ user_id: z.coerce.number().int().positive() });
