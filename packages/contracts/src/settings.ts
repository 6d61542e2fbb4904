import { z } from 'zod';
import { storableString } from './text.js';

export const adSchema = z.object({
  id: storableString(),
  title: storableString(),
  image: storableString(),
  link: storableString(),
  position: storableString(),
  order: z.number().int(),
  enabled: z.boolean(),
});
export type Ad = z.infer<typeof adSchema>;

/** The public `set` block of seed section 3, sent to every client as `data.set`. */
export const publicSettingsSchema = z.object({
  webtitle: storableString(),
  weburl: storableString(),
  webclose: z.union([z.literal(0), z.literal(1)]),
  kefu_link: storableString(),
  group_link: storableString(),
  email: storableString(),
  indexNotice: storableString(),
  indexNotice2: storableString(),
  indexNotice3: storableString(),
  /** A JSON string (seed section 3): an array of tracking domains. */
  tjDomains: storableString(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export * from './settings-defaults.js';
