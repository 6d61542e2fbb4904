import { describe, expect, it } from 'vitest';
import { SAMPLES } from '../../../test/multipart.js';
import { imageSize } from './image-size.js';
import { FILE_TYPES, sniff } from './sniff.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** A baseline JPEG header: SOI, an APP0 segment, then SOF0 with height 480 and width 640. */
const JPEG = bytes(
  [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10],
  'JFIF\0',
  [1, 1, 0, 0, 1, 0, 1, 0, 0],
  [0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03],
);

describe('type sniffing', () => {
  it('recognises accepted types by their bytes', () => {
    const cases: [Buffer, (typeof FILE_TYPES)[keyof typeof FILE_TYPES]][] = [
      [SAMPLES.png, FILE_TYPES.png],
      [SAMPLES.gif, FILE_TYPES.gif],
      [SAMPLES.pdf, FILE_TYPES.pdf],
      [JPEG, FILE_TYPES.jpeg],
      [bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), FILE_TYPES.webp],
      [bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), FILE_TYPES.wav],
      [bytes([0, 0, 0, 0x20], 'ftypisom'), FILE_TYPES.mp4],
      [bytes([0, 0, 0, 0x20], 'ftypavif'), FILE_TYPES.avif],
      [bytes([0, 0, 0, 0x14], 'ftypqt  '), FILE_TYPES.mov],
      [bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'), FILE_TYPES.webm],
      [bytes('ID3', [4, 0, 0]), FILE_TYPES.mp3],
      [bytes('OggS', [0]), FILE_TYPES.ogg],
      [bytes('PK', [3, 4], 'xxxxxxxxxxxxxxxxxxxxxxxxxx', 'hello.txt'), FILE_TYPES.zip],
      [bytes('PK', [3, 4], '[Content_Types].xml ... word/document.xml'), FILE_TYPES.docx],
      [bytes([0x1f, 0x8b, 0x08, 0]), FILE_TYPES.gzip],
      [bytes([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), FILE_TYPES.sevenZip],
      [bytes('Rar!', [0x1a, 0x07, 0]), FILE_TYPES.rar],
    ];
    for (const [head, type] of cases) expect(sniff(head), type.ext).toBe(type);
  });

  it('refuses markup, text and anything without a signature', () => {
    for (const head of [
      SAMPLES.html,
      SAMPLES.svg,
      Buffer.from('<?xml version="1.0"?><svg/>'),
      Buffer.from('plain text'),
      Buffer.from('BM'),
      Buffer.from(''),
      bytes([0, 0, 0, 0x20], 'ftypXXXX'),
      bytes([0xef, 0xbb, 0xbf], '<html>'),
    ])
      expect(sniff(head), head.toString('latin1')).toBeUndefined();
  });

  it('reads image sizes from headers and ignores nonsense', () => {
    expect(imageSize(FILE_TYPES.png, SAMPLES.png)).toEqual({ width: 1, height: 1 });
    expect(imageSize(FILE_TYPES.gif, SAMPLES.gif)).toEqual({ width: 3, height: 2 });
    expect(imageSize(FILE_TYPES.jpeg, JPEG)).toEqual({ width: 640, height: 480 });
    expect(imageSize(FILE_TYPES.jpeg, JPEG.subarray(0, 12))).toBeUndefined();
    expect(imageSize(FILE_TYPES.png, SAMPLES.png.subarray(0, 20))).toBeUndefined();
  });
});
