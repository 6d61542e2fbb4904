import { z } from 'zod';

export const adSchema = z.object({
  id: z.string(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  position: z.string(),
  order: z.number().int(),
  enabled: z.boolean(),
});
export type Ad = z.infer<typeof adSchema>;

/** The public `set` block of seed section 3, sent to every client as `data.set`. */
export const publicSettingsSchema = z.object({
  webtitle: z.string(),
  weburl: z.string(),
  webclose: z.union([z.literal(0), z.literal(1)]),
  kefu_link: z.string(),
  group_link: z.string(),
  email: z.string(),
  indexNotice: z.string(),
  indexNotice2: z.string(),
  indexNotice3: z.string(),
  /** A JSON string (seed section 3): an array of tracking domains. */
  tjDomains: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const DEFAULT_WEBTITLE = '系统后台';

/** What `data.set` holds before an admin changes anything; server defaults and client state start here. */
export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  webtitle: DEFAULT_WEBTITLE,
  weburl: '',
  webclose: 0,
  kefu_link: '',
  group_link: '',
  email: '',
  indexNotice: '',
  indexNotice2: '',
  indexNotice3: '',
  tjDomains: '[]',
};
