import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives and the logins it was given. */
export async function startSmtp(): Promise<{
  url: string;
  mails: ReceivedMail[];
  logins: { username: string; password: string }[];
  waitFor(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const logins: { username: string; password: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain-text AUTH on loopback, so a test can see the password that arrives.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    logins,
    async waitFor(to) {
      for (let i = 0; i < 200; i++) {
        const found = mails.find((m) => m.to.includes(to));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail as it arrived, decoded: its headers, subject (RFC 2047), and its text and HTML parts. */
export interface ParsedMail {
  /** Lower-cased names; values unfolded, still encoded as sent. */
  headers: Record<string, string>;
  subject: string;
  contentType: string;
  text?: string;
  html?: string;
}

/** Header block and body of a MIME entity (a whole message or one part). */
function entity(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = encoding?.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`); the space between two of them is dropped. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
      if (charset.toLowerCase() !== 'utf-8') throw new Error(`header charset ${charset}, not UTF-8`);
      if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

/** Splits a message into its parts (one level of multipart, or none), decoding each body. */
export function parseMail(mail: ReceivedMail): ParsedMail {
  const { headers, body } = entity(mail.raw);
  const contentType = headers['content-type'] ?? 'text/plain';
  const parsed: ParsedMail = { headers, subject: decodeHeader(headers.subject ?? ''), contentType };
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((p) => !p.startsWith('--'))
        .map((p) => entity(p.replace(/^\r?\n/, '')))
    : [{ headers, body }];
  for (const part of parts) {
    const type = part.headers['content-type'] ?? 'text/plain';
    // SMTP carries CRLF line ends; the mail was written with LF.
    const text = decodeBody(part.body, part.headers['content-transfer-encoding']).replace(/\r\n/g, '\n');
    if (/^text\/plain/i.test(type)) parsed.text = text;
    if (/^text\/html/i.test(type)) parsed.html = text;
  }
  return parsed;
}

/** The six-digit code in a mail we sent: its text part, or the text as stored in the outbox. */
export function codeIn(mail: ReceivedMail): string {
  const text = /^content-type:/im.test(mail.raw) ? (parseMail(mail).text ?? '') : mail.raw;
  const match = /code: (\d{6})/i.exec(text);
  if (!match) throw new Error(`no code in mail:\n${mail.raw}`);
  return match[1]!;
}

/** The text part of a mail as sent, decoded (nodemailer writes UTF-8 as quoted-printable or base64). */
export function bodyText(mail: ReceivedMail): string {
  return (parseMail(mail).text ?? '').trim();
}
