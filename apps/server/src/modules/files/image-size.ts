import { FILE_TYPES, type FileType } from './sniff.js';

export interface ImageSize {
  width: number;
  height: number;
}

function jpegSize(b: Buffer): ImageSize | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    // Start-of-frame markers carry the size; DHT (c4), JPG (c8) and DAC (cc) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + b.readUInt16BE(at + 2);
  }
  return undefined;
}

function webpSize(b: Buffer): ImageSize | undefined {
  const chunk = b.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X' && b.length >= 30)
    return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ' && b.length >= 30) {
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  return undefined;
}

function readSize(type: FileType, b: Buffer): ImageSize | undefined {
  try {
    if (type === FILE_TYPES.png && b.length >= 24)
      return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
    if (type === FILE_TYPES.gif && b.length >= 10)
      return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
    if (type === FILE_TYPES.bmp && b.length >= 26)
      return { width: b.readInt32LE(18), height: Math.abs(b.readInt32LE(22)) };
    if (type === FILE_TYPES.jpeg) return jpegSize(b);
    if (type === FILE_TYPES.webp) return webpSize(b);
  } catch {
    // A truncated or odd header only costs the size, never the upload.
  }
  return undefined;
}

const plausible = (n: number) => Number.isInteger(n) && n > 0 && n <= 1_000_000;

/** Pixel size from the header of the image types we accept, when the header is readable and sane. */
export function imageSize(type: FileType, b: Buffer): ImageSize | undefined {
  const size = readSize(type, b);
  return size && plausible(size.width) && plausible(size.height) ? size : undefined;
}
