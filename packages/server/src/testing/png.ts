/**
 * Reads the PNGs the server draws (slider puzzle, image digits: `encodePng`, 8-bit RGBA, filter 0) back
 * into pixels, for tests that look at them as a person or a bot would.
 */
import { inflateSync } from 'node:zlib';

/** Width, height and RGBA pixels of `png` (a Buffer or a `data:image/png;base64,` URL). */
export function decodePng(png: Buffer | string): { w: number; h: number; px: Buffer } {
  const buf = typeof png === 'string' ? Buffer.from(png.split(',')[1]!, 'base64') : png;
  let off = 8;
  let w = 0;
  let h = 0;
  const idat: Buffer[] = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('ascii', off + 4, off + 8);
    const body = buf.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      w = body.readUInt32BE(0);
      h = body.readUInt32BE(4);
    }
    if (type === 'IDAT') idat.push(body);
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const px = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) raw.copy(px, y * w * 4, y * (w * 4 + 1) + 1, (y + 1) * (w * 4 + 1));
  return { w, h, px };
}
