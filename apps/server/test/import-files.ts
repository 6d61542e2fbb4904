import { writeFileSync } from 'node:fs';
import { deflateRawSync, gzipSync } from 'node:zlib';

/**
 * Files as each tool writes them, for the import tests and the import bench:
 * - Umami: its tables as CSV with a header (PostgreSQL's `COPY website_event TO STDOUT WITH CSV
 *   HEADER`), the columns of umami-software/umami prisma/schema.prisma (models WebsiteEvent, Session);
 * - Plausible: the export zip, `imported_<table>_<from>_<to>.csv` with the columns of
 *   plausible/analytics lib/plausible/imported/csv_importer.ex;
 * - access logs: the combined log format (https://httpd.apache.org/docs/current/logs.html#combined).
 */
export const UMAMI_EVENT_HEADER =
  'event_id,website_id,session_id,visit_id,created_at,url_path,url_query,utm_source,utm_medium,utm_campaign,utm_content,utm_term,referrer_path,referrer_query,referrer_domain,page_title,gclid,fbclid,msclkid,ttclid,li_fat_id,twclid,event_type,event_name,tag,hostname';
export const UMAMI_SESSION_HEADER =
  'session_id,website_id,browser,os,device,screen,language,country,region,city,distinct_id,created_at';

const WEBSITE = 'a9f5c2d4-0c33-4b5e-9a57-5c1e3b7b8f01';

export interface UmamiEvent {
  id: string;
  session: string;
  visit?: string;
  at: string;
  path: string;
  query?: string;
  refDomain?: string;
  refPath?: string;
  refQuery?: string;
  title?: string;
  type?: 1 | 2 | 3;
  name?: string;
  hostname?: string;
}

const csvField = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function umamiEventRow(e: UmamiEvent): string {
  return [
    e.id,
    WEBSITE,
    e.session,
    e.visit ?? `${e.session}-v`,
    e.at,
    e.path,
    e.query ?? '',
    '',
    '',
    '',
    '',
    '',
    e.refPath ?? '',
    e.refQuery ?? '',
    e.refDomain ?? '',
    e.title ?? '',
    '',
    '',
    '',
    '',
    '',
    '',
    String(e.type ?? 1),
    e.name ?? '',
    '',
    e.hostname ?? 'example.com',
  ]
    .map(csvField)
    .join(',');
}

export function umamiSessionRow(s: {
  id: string;
  browser: string;
  os: string;
  device: string;
  country: string;
  city?: string;
  screen?: string;
  language?: string;
}): string {
  return [
    s.id,
    WEBSITE,
    s.browser,
    s.os,
    s.device,
    s.screen ?? '1920x1080',
    s.language ?? 'en-US',
    s.country,
    '',
    s.city ?? '',
    '',
    '2026-03-01 00:00:00+00',
  ]
    .map(csvField)
    .join(',');
}

export function writeLines(path: string, header: string | undefined, rows: string[], gzip = false): string {
  const text = `${header ? `${header}\n` : ''}${rows.join('\n')}\n`;
  writeFileSync(path, gzip ? gzipSync(text) : text);
  return path;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** One combined-format line; `at` is a UTC instant, written in +0800 as a server in China would. */
export function logLine(l: {
  ip: string;
  at: Date;
  path: string;
  status?: number;
  method?: string;
  referrer?: string;
  ua: string;
}): string {
  const local = new Date(l.at.getTime() + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const time = `${p(local.getUTCDate())}/${MONTHS[local.getUTCMonth()]}/${local.getUTCFullYear()}:${p(local.getUTCHours())}:${p(local.getUTCMinutes())}:${p(local.getUTCSeconds())} +0800`;
  return `${l.ip} - - [${time}] "${l.method ?? 'GET'} ${l.path} HTTP/1.1" ${l.status ?? 200} 5120 "${l.referrer ?? '-'}" "${l.ua}"`;
}

let crcTable: Uint32Array | undefined;
function crc32(buf: Buffer): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip of deflated files (PKWARE APPNOTE), as Plausible's export is. */
export function zipFiles(path: string, files: Record<string, string>): string {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const packed = deflateRawSync(data);
    const nameBuf = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc32(data), 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBuf.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, packed);
    central.push(entry, nameBuf);
    offset += local.length + nameBuf.length + packed.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(path, Buffer.concat([...locals, dir, end]));
  return path;
}
