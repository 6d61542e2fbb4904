import { rawText } from '@tally/contracts';
import { z } from 'zod';

/** Largest accepted hit body; the tracker's are a few hundred bytes. */
export const COLLECT_BODY_LIMIT = 8 * 1024;

/** Parsed once here; the pipeline works with the URL object. */
const httpUrl = rawText(2048).transform((value, ctx) => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (url && /^https?:$/.test(url.protocol)) return url;
  ctx.addIssue({ code: 'custom', message: 'not an http(s) URL' });
  return z.NEVER;
});

const propValue = z.union([rawText(500), z.number().finite(), z.boolean(), z.null()]);

/**
 * One hit from the tracker (`packages/tracker/src/tj.ts`), one-letter keys to keep the script small.
 * Unknown keys are ignored so an old server accepts a newer tracker. Text refuses NUL, control
 * characters and lone surrogates: one such value would fail the whole batch statement its hit joins.
 */
const base = {
  /** Site tracking key. */
  s: rawText(64).min(1),
  /** Page URL. */
  u: httpUrl,
  /** Visitor id from localStorage; absent for cookieless sites or when storage is blocked. */
  v: z
    .string()
    .regex(/^[a-z0-9]{6,40}$/)
    .optional(),
  /** Page-view id linking pings to their page. */
  p: rawText(32).default(''),
};

export const collectPayloadSchema = z.discriminatedUnion('t', [
  z.object({
    ...base,
    t: z.literal('pv'),
    r: rawText(2048).default(''),
    ti: rawText(1024).default(''),
    w: z.number().int().min(0).max(100_000).optional(),
    h: z.number().int().min(0).max(100_000).optional(),
    l: rawText(35).default(''),
  }),
  z.object({
    ...base,
    t: z.literal('ev'),
    /** The page's referrer: an event can arrive before its page view and open the visit. */
    r: rawText(2048).default(''),
    n: rawText(100).trim().min(1),
    d: z
      .record(rawText(64), propValue)
      .refine((o) => Object.keys(o).length <= 30, 'at most 30 properties')
      .optional(),
  }),
  z.object({
    ...base,
    t: z.literal('ping'),
    /** Engaged (visible) milliseconds since the page's previous ping. */
    e: z.number().int().min(0).max(86_400_000),
  }),
]);
export type CollectPayload = z.infer<typeof collectPayloadSchema>;
