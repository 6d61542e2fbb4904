import type { FileKind } from '@tally/contracts';

export interface FileType {
  mime: string;
  ext: string;
  kind: FileKind;
}

/**
 * Accepted types, each recognised by its magic numbers. Anything without a reliable signature is
 * refused, text-based formats included: an HTML or SVG file can carry script, and renaming it
 * `.png` must not help.
 */
export const FILE_TYPES = {
  png: { mime: 'image/png', ext: 'png', kind: 'image' },
  jpeg: { mime: 'image/jpeg', ext: 'jpg', kind: 'image' },
  gif: { mime: 'image/gif', ext: 'gif', kind: 'image' },
  webp: { mime: 'image/webp', ext: 'webp', kind: 'image' },
  avif: { mime: 'image/avif', ext: 'avif', kind: 'image' },
  bmp: { mime: 'image/bmp', ext: 'bmp', kind: 'image' },
  mp4: { mime: 'video/mp4', ext: 'mp4', kind: 'video' },
  mov: { mime: 'video/quicktime', ext: 'mov', kind: 'video' },
  webm: { mime: 'video/webm', ext: 'webm', kind: 'video' },
  mp3: { mime: 'audio/mpeg', ext: 'mp3', kind: 'audio' },
  ogg: { mime: 'audio/ogg', ext: 'ogg', kind: 'audio' },
  wav: { mime: 'audio/wav', ext: 'wav', kind: 'audio' },
  pdf: { mime: 'application/pdf', ext: 'pdf', kind: 'document' },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: 'docx',
    kind: 'document',
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ext: 'xlsx',
    kind: 'document',
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ext: 'pptx',
    kind: 'document',
  },
  zip: { mime: 'application/zip', ext: 'zip', kind: 'archive' },
  gzip: { mime: 'application/gzip', ext: 'gz', kind: 'archive' },
  sevenZip: { mime: 'application/x-7z-compressed', ext: '7z', kind: 'archive' },
  rar: { mime: 'application/vnd.rar', ext: 'rar', kind: 'archive' },
} as const satisfies Record<string, FileType>;

/** How many leading bytes sniffing and image sizes look at (JPEG headers may sit after a large EXIF block). */
export const SNIFF_BYTES = 256 * 1024;

const starts = (b: Buffer, sig: number[] | string, at = 0) => {
  const bytes = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
  return b.length >= at + bytes.length && b.subarray(at, at + bytes.length).equals(bytes);
};

function isoMedia(head: Buffer): FileType | undefined {
  if (!starts(head, 'ftyp', 4)) return undefined;
  const brand = head.subarray(8, 12).toString('latin1');
  if (brand === 'avif' || brand === 'avis') return FILE_TYPES.avif;
  if (brand === 'qt  ') return FILE_TYPES.mov;
  if (/^(isom|iso[2-9]|mp4[12]|M4V |avc1|dash|mmp4|MSNV|3gp[4-6])$/.test(brand)) return FILE_TYPES.mp4;
  return undefined;
}

/** Office Open XML files are ZIPs whose part names tell which application made them. */
function zipType(head: Buffer): FileType {
  const text = head.toString('latin1');
  if (!text.includes('[Content_Types].xml')) return FILE_TYPES.zip;
  if (text.includes('word/')) return FILE_TYPES.docx;
  if (text.includes('xl/')) return FILE_TYPES.xlsx;
  if (text.includes('ppt/')) return FILE_TYPES.pptx;
  return FILE_TYPES.zip;
}

/** MPEG audio frame sync with a valid version, layer III and a usable bit rate. */
const isMp3Frame = (b: Buffer) =>
  b.length >= 3 && b[0] === 0xff && (b[1]! & 0xe6) === 0xe2 && (b[1]! & 0x18) !== 0x08 && b[2]! >> 4 !== 0x0f;

export function sniff(head: Buffer): FileType | undefined {
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FILE_TYPES.png;
  if (starts(head, [0xff, 0xd8, 0xff])) return FILE_TYPES.jpeg;
  if (starts(head, 'GIF87a') || starts(head, 'GIF89a')) return FILE_TYPES.gif;
  if (starts(head, 'RIFF') && starts(head, 'WEBP', 8)) return FILE_TYPES.webp;
  if (starts(head, 'RIFF') && starts(head, 'WAVE', 8)) return FILE_TYPES.wav;
  if (starts(head, 'BM') && head.length >= 18 && [12, 40, 52, 56, 108, 124].includes(head.readUInt32LE(14)))
    return FILE_TYPES.bmp;
  const media = isoMedia(head);
  if (media) return media;
  if (starts(head, [0x1a, 0x45, 0xdf, 0xa3]) && head.subarray(0, 64).includes('webm')) return FILE_TYPES.webm;
  if (starts(head, 'ID3') || isMp3Frame(head)) return FILE_TYPES.mp3;
  if (starts(head, 'OggS')) return FILE_TYPES.ogg;
  if (starts(head, '%PDF-')) return FILE_TYPES.pdf;
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) return zipType(head);
  if (starts(head, [0x1f, 0x8b, 0x08])) return FILE_TYPES.gzip;
  if (starts(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return FILE_TYPES.sevenZip;
  if (starts(head, 'Rar!\x1a\x07')) return FILE_TYPES.rar;
  return undefined;
}
