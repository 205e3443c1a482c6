/**
 * Draws the slider puzzle (SPEC §1 slider security check; docs/login.md "Slider") as PNG: a background
 * of random soft shapes with a darkened, outlined gap, and the piece cut from the same background.
 * Raster on purpose: an SVG would carry the gap's coordinates as text. No outside service, no native
 * dependency: pixels are drawn here and encoded by `encodePng` (zlib from Node).
 */
import { randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { SLIDER_RULES } from '@mp/protocol';

/** An RGBA picture: `data` holds width × height × 4 bytes. */
export interface Picture {
  width: number;
  height: number;
  data: Uint8Array;
}

function chunk(type: string, body: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([len, typed, crc]);
}

/** Encodes an RGBA picture as a PNG file (8-bit RGBA, no filter). */
export function encodePng(p: Picture): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(p.width, 0);
  header.writeUInt32BE(p.height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((p.width * 4 + 1) * p.height);
  for (let y = 0; y < p.height; y++) {
    rows[y * (p.width * 4 + 1)] = 0;
    rows.set(p.data.subarray(y * p.width * 4, (y + 1) * p.width * 4), y * (p.width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Size of the piece's square picture: the body plus a knob's room on each side. */
export const PIECE_BOX = SLIDER_RULES.piece + 2 * SLIDER_RULES.knob;

/**
 * The piece's outline inside its PIECE_BOX square: 0 outside, 1 inside, 2 on the edge. A square body
 * with a round knob on top and on the right, like a jigsaw piece.
 */
export function pieceMask(): Uint8Array {
  const { piece: p, knob: k } = SLIDER_RULES;
  const s = PIECE_BOX;
  const inside = (u: number, v: number): boolean => {
    if (u >= k && u < k + p && v >= k && v < k + p) return true;
    const top = (u - (k + p / 2)) ** 2 + (v - k) ** 2 < (k - 1) ** 2;
    const right = (u - (k + p)) ** 2 + (v - (k + p / 2)) ** 2 < (k - 1) ** 2;
    return top || right;
  };
  const m = new Uint8Array(s * s);
  for (let v = 0; v < s; v++)
    for (let u = 0; u < s; u++) {
      if (!inside(u + 0.5, v + 0.5)) continue;
      const edge = [
        [-2, 0],
        [2, 0],
        [0, -2],
        [0, 2],
      ].some(([du, dv]) => !inside(u + 0.5 + du!, v + 0.5 + dv!));
      m[v * s + u] = edge ? 2 : 1;
    }
  return m;
}

const MASK = pieceMask();

/** A background of soft random shapes over a random two-colour gradient. */
function background(): Picture {
  const { width: w, height: h } = SLIDER_RULES;
  const data = new Uint8Array(w * h * 4);
  const hue = () => [randomInt(40, 200), randomInt(60, 210), randomInt(90, 240)] as const;
  const [a, b] = [hue(), hue()];
  const blobs = Array.from({ length: 9 }, () => ({ x: randomInt(0, w), y: randomInt(0, h), r: randomInt(14, 48), c: hue(), o: randomInt(35, 75) / 100 }));
  const stripe = randomInt(9, 17);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const t = (x + y) / (w + h);
      let r = a[0] * (1 - t) + b[0] * t;
      let g = a[1] * (1 - t) + b[1] * t;
      let bl = a[2] * (1 - t) + b[2] * t;
      if ((((x - y + 1000) / stripe) | 0) % 2 === 0) {
        r *= 0.93;
        g *= 0.93;
        bl *= 0.93;
      }
      for (const o of blobs) {
        const d = Math.hypot(x - o.x, y - o.y);
        if (d < o.r) {
          const f = o.o * Math.min(1, (o.r - d) / 4);
          r = r * (1 - f) + o.c[0] * f;
          g = g * (1 - f) + o.c[1] * f;
          bl = bl * (1 - f) + o.c[2] * f;
        }
      }
      const i = (y * w + x) * 4;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = bl;
      data[i + 3] = 255;
    }
  return { width: w, height: h, data };
}

/** The puzzle: background with the gap at (x, y) (the piece box's top-left) and the piece's picture. */
export function drawSlider(x: number, y: number): { background: Buffer; piece: Buffer } {
  const bg = background();
  const s = PIECE_BOX;
  const piece = new Uint8Array(s * s * 4);
  for (let v = 0; v < s; v++)
    for (let u = 0; u < s; u++) {
      const m = MASK[v * s + u];
      if (!m) continue;
      const bi = ((y + v) * bg.width + (x + u)) * 4;
      const pi = (v * s + u) * 4;
      for (let c = 0; c < 3; c++) {
        const orig = bg.data[bi + c]!;
        piece[pi + c] = m === 2 ? orig * 0.25 + 255 * 0.75 : orig;
        bg.data[bi + c] = m === 2 ? orig * 0.4 + 255 * 0.6 : orig * 0.42;
      }
      piece[pi + 3] = 255;
    }
  return { background: encodePng(bg), piece: encodePng({ width: s, height: s, data: piece }) };
}
