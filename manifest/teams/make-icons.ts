/**
 * Draws the Teams app icons without an image library: `npx tsx manifest/teams/make-icons.ts`.
 * color.png is 192×192 on the accent colour; outline.png is 32×32, white on transparent,
 * as Teams requires. The PNGs are committed; run this only to change them.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];

function png(width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 4);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A switchboard: two rails with a plug on each, in unit coordinates (0..1). */
function glyph(u: number, v: number): boolean {
  const rail = (cy: number) => Math.abs(v - cy) < 0.045 && u > 0.2 && u < 0.8;
  const plug = (cx: number, cy: number) => (u - cx) ** 2 + (v - cy) ** 2 < 0.1 ** 2;
  const link = Math.abs(u - 0.5) < 0.04 && v > 0.35 && v < 0.65;
  return rail(0.35) || rail(0.65) || plug(0.3, 0.35) || plug(0.7, 0.65) || link;
}

const here = dirname(fileURLToPath(import.meta.url));
const ACCENT: Rgba = [0x2b, 0x57, 0x97, 0xff];
const WHITE: Rgba = [0xff, 0xff, 0xff, 0xff];
const CLEAR: Rgba = [0, 0, 0, 0];

writeFileSync(
  join(here, 'color.png'),
  png(192, 192, (x, y) => (glyph((x + 0.5) / 192, (y + 0.5) / 192) ? WHITE : ACCENT)),
);
writeFileSync(
  join(here, 'outline.png'),
  png(32, 32, (x, y) => (glyph((x + 0.5) / 32, (y + 0.5) / 32) ? WHITE : CLEAR)),
);
