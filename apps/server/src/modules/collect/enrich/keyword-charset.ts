import iconv from 'iconv-lite';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const lossyUtf8 = new TextDecoder('utf-8');

/** Percent-decodes a raw query value into bytes ('+' is a space), leaving broken escapes as they are. */
export function percentDecodeBytes(raw: string): Uint8Array {
  const text = raw.replace(/\+/g, ' ');
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const hex = ch === '%' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      for (const b of new TextEncoder().encode(ch)) out.push(b);
    }
  }
  return Uint8Array.from(out);
}

function isUtf8Name(name: string): boolean {
  return /^utf-?8$/i.test(name);
}

/** True when `bytes` are a faithful encoding of text in `charset`: no replacement character, same bytes back. */
function decodesValidly(bytes: Uint8Array, charset: string): string | undefined {
  const buffer = Buffer.from(bytes);
  const text = iconv.decode(buffer, charset);
  return !text.includes('\uFFFD') && iconv.encode(text, charset).equals(buffer) ? text : undefined;
}

/**
 * Turns a search keyword's bytes into text. Old Baidu and Sogou links carry gb2312/GBK bytes, old Yahoo!
 * Japan links Shift_JIS or EUC-JP; most engines send UTF-8. Order of trust: the page's own charset hint
 * (`ie=`/`ei=`), valid UTF-8, the first of the engine's declared legacy charsets that decodes the bytes
 * validly, then the first declared one (lossy) or lossy UTF-8.
 */
export function decodeKeywordBytes(bytes: Uint8Array, charsets: readonly string[], hint?: string): string {
  if (hint && !isUtf8Name(hint) && iconv.encodingExists(hint)) return iconv.decode(Buffer.from(bytes), hint);
  try {
    return utf8.decode(bytes);
  } catch {
    const legacy = charsets.filter((c) => !isUtf8Name(c) && iconv.encodingExists(c));
    for (const charset of legacy) {
      const text = decodesValidly(bytes, charset);
      if (text !== undefined) return text;
    }
    if (legacy[0]) return iconv.decode(Buffer.from(bytes), legacy[0]);
    return lossyUtf8.decode(bytes);
  }
}
