import { z } from 'zod';
import { storableString } from './text.js';

export * from './envelope-codes.js';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    message: storableString(),
    data,
    x_token: storableString().optional(),
    crypt: z.literal(1).optional(),
    key: storableString().optional(),
  });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: storableString(),
  data: z.null(),
  error: storableString().optional(),
  errors: z.record(storableString(), z.array(storableString())).optional(),
});

/** Lists everywhere: `data: { list, total, page, limit }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
  sort: storableString().max(64).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
