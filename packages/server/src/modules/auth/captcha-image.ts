/**
 * Draws the image verification code (SPEC §1 "image verification code", type '1' of SPEC §9;
 * docs/login.md "Image digits") as a PNG: four digits drawn as strokes, each scaled, rotated, sheared
 * and coloured on its own, the whole bent by two random waves, crossed by curves as thick and as dark
 * as the digits, on a noisy background with speckles. Raster on purpose: an SVG's paths give the
 * digits away to a program that compares them with the font; here a reader must recognise pixels.
 * Drawn here and encoded by `encodePng` (Node's zlib; no native dependency, no outside service).
 */
import { randomInt } from 'node:crypto';
import { encodePng, type Picture } from './slider-image.js';

/** Natural size (twice the 120 × 40 the login form shows, for sharp high-density screens) and length. */
export const CAPTCHA_IMAGE = { width: 240, height: 80, length: 4 } as const;

type Pt = [number, number];

/** Points of an elliptic arc around (cx, cy) from `from` to `to` degrees (y grows downwards). */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number): Pt[] {
  const n = Math.max(4, Math.ceil(Math.abs(to - from) / 12));
  return Array.from({ length: n + 1 }, (_, i) => {
    const a = ((from + ((to - from) * i) / n) * Math.PI) / 180;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as Pt;
  });
}

/** Digit strokes (polylines) in a 10 × 16 box, y downwards. */
const GLYPHS: Record<string, Pt[][]> = {
  0: [arc(5, 8, 4.2, 7, 0, 360)],
  1: [
    [
      [2.2, 4],
      [5.6, 1],
      [5.6, 15],
    ],
  ],
  2: [[...arc(5, 5, 4, 4, 200, 380), [1, 15], [9.2, 15]]],
  3: [[...arc(5, 4.4, 3.6, 3.4, 200, 450), ...arc(5, 11.4, 4, 3.6, 270, 520)]],
  4: [
    [
      [7, 15],
      [7, 1],
      [0.8, 11],
      [9.5, 11],
    ],
  ],
  5: [[[8.8, 1], [2.4, 1], [1.9, 7.4], ...arc(5, 10.6, 4.2, 4.4, 228, 530)]],
  6: [[[8.2, 1.2], [5.4, 1.6], [3, 3.6], [1.4, 7], ...arc(5, 11, 3.9, 4, 180, 540)]],
  7: [
    [
      [0.8, 1],
      [9.2, 1],
      [4.2, 15],
    ],
  ],
  8: [arc(5, 4.4, 3.4, 3.4, 90, 450), arc(5, 11.5, 4, 3.6, -90, 270)],
  9: [[...arc(5, 5, 3.9, 4, 0, 360), [8.9, 8.5], [7.6, 12], [5, 14.6], [1.8, 15]]],
};

const rnd = (a: number, b: number): number => a + (b - a) * Math.random();

/** A stroke in picture pixels: a polyline, its half width and colour. */
interface Stroke {
  pts: Pt[];
  half: number;
  rgb: [number, number, number];
}

/** Splits a polyline so no piece is longer than `step` pixels (so the waves bend it smoothly). */
function subdivide(pts: Pt[], step: number): Pt[] {
  const out: Pt[] = [pts[0]!];
  for (let i = 1; i < pts.length; i++) {
    const [ax, ay] = pts[i - 1]!;
    const [bx, by] = pts[i]!;
    const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / step));
    for (let k = 1; k <= n; k++) out.push([ax + ((bx - ax) * k) / n, ay + ((by - ay) * k) / n]);
  }
  return out;
}

/** Paints `strokes` of one colour group with anti-aliased edges (coverage by distance to the segments). */
function paint(p: Picture, strokes: Stroke[]): void {
  const { width: w, height: h, data } = p;
  for (const s of strokes) {
    const cover = new Float32Array(w * h);
    let [bx0, by0, bx1, by1] = [w, h, -1, -1];
    for (let i = 1; i < s.pts.length; i++) {
      const [ax, ay] = s.pts[i - 1]!;
      const [bx, by] = s.pts[i]!;
      const r = s.half + 1;
      const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - r));
      const x1 = Math.min(w - 1, Math.ceil(Math.max(ax, bx) + r));
      const y0 = Math.max(0, Math.floor(Math.min(ay, by) - r));
      const y1 = Math.min(h - 1, Math.ceil(Math.max(ay, by) + r));
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy || 1e-9;
      [bx0, by0, bx1, by1] = [Math.min(bx0, x0), Math.min(by0, y0), Math.max(bx1, x1), Math.max(by1, y1)];
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) {
          const px = x + 0.5 - ax;
          const py = y + 0.5 - ay;
          const t = Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
          const d = Math.hypot(px - t * dx, py - t * dy);
          const c = Math.min(1, Math.max(0, s.half + 0.5 - d));
          const k = y * w + x;
          if (c > cover[k]!) cover[k] = c;
        }
    }
    for (let y = by0; y <= by1; y++)
      for (let x = bx0; x <= bx1; x++) {
        const k = y * w + x;
        const c = cover[k]!;
        if (!c) continue;
        for (let ch = 0; ch < 3; ch++) data[k * 4 + ch] = data[k * 4 + ch]! * (1 - c) + s.rgb[ch]! * c;
      }
  }
}

/** A dark, saturated colour a person reads easily on the light background. */
function inkColour(): [number, number, number] {
  const base = [randomInt(10, 90), randomInt(10, 90), randomInt(40, 150)];
  for (let i = base.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [base[i], base[j]] = [base[j]!, base[i]!];
  }
  return base as [number, number, number];
}

/** Light gradient with per-pixel noise and faint blotches. */
function backdrop(): Picture {
  const { width: w, height: h } = CAPTCHA_IMAGE;
  const data = new Uint8Array(w * h * 4);
  const a = [randomInt(215, 250), randomInt(215, 250), randomInt(215, 250)];
  const b = [randomInt(200, 245), randomInt(205, 245), randomInt(215, 252)];
  const blots = Array.from({ length: 6 }, () => ({
    x: rnd(0, w),
    y: rnd(0, h),
    r: rnd(8, 26),
    c: [randomInt(170, 235), randomInt(170, 235), randomInt(170, 235)],
  }));
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const t = x / w;
      const rgb = [0, 1, 2].map((c) => a[c]! * (1 - t) + b[c]! * t);
      for (const o of blots) {
        const f = Math.max(0, 1 - Math.hypot(x - o.x, y - o.y) / o.r) * 0.6;
        for (let c = 0; c < 3; c++) rgb[c] = rgb[c]! * (1 - f) + o.c[c]! * f;
      }
      const n = Math.round(rnd(-2, 2)) * 8;
      const i = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, rgb[c]! + n));
      data[i + 3] = 255;
    }
  return { width: w, height: h, data };
}

/**
 * Draws `text` (digits) as described above; returns the PNG (about 20–30 KB). Throws on a character
 * that is not a digit.
 */
export function drawCaptcha(text: string): Buffer {
  const { width: w, height: h } = CAPTCHA_IMAGE;
  const pic = backdrop();
  // Two waves bend everything drawn afterwards (digits and crossing curves alike).
  const wave = { ax: rnd(2.5, 4.5), lx: rnd(55, 95), px: rnd(0, 7), ay: rnd(3, 5.5), ly: rnd(70, 130), py: rnd(0, 7) };
  const bend = ([x, y]: Pt): Pt => [
    x + wave.ax * Math.sin((2 * Math.PI * y) / wave.lx + wave.px),
    y + wave.ay * Math.sin((2 * Math.PI * x) / wave.ly + wave.py),
  ];

  const strokes: Stroke[] = [];
  const slot = (w - 44) / text.length;
  [...text].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`captcha: not a digit: ${ch}`);
    const size = rnd(3.1, 3.8);
    const rot = rnd(-0.38, 0.38);
    const shear = rnd(-0.28, 0.28);
    const cx = 22 + slot * (i + 0.5) + rnd(-5, 5);
    const cy = h / 2 + rnd(-6, 6);
    const sx = size * rnd(0.85, 1.2);
    const cos = Math.cos(rot);
    const sin = Math.sin(rot);
    const place = ([u, v]: Pt): Pt => {
      const x = (u - 5 + shear * (v - 8)) * sx;
      const y = (v - 8) * size;
      return [cx + x * cos - y * sin, cy + x * sin + y * cos];
    };
    const rgb = inkColour();
    const half = rnd(3, 4.2);
    for (const line of glyph) strokes.push({ pts: subdivide(line.map(place), 2).map(bend), half, rgb });
  });
  // Crossing curves as thick and as dark as the digits: a colour or stroke filter removes the digits too.
  for (let k = 0; k < 2; k++) {
    const y0 = rnd(h * 0.25, h * 0.75);
    const amp = rnd(6, 16);
    const len = rnd(70, 160);
    const ph = rnd(0, 7);
    const tilt = rnd(-0.12, 0.12);
    const pts: Pt[] = [];
    for (let x = -4; x <= w + 4; x += 3) pts.push([x, y0 + amp * Math.sin((2 * Math.PI * x) / len + ph) + tilt * (x - w / 2)]);
    strokes.push({ pts: pts.map(bend), half: k === 0 ? rnd(1.8, 2.6) : rnd(1, 1.6), rgb: inkColour() });
  }
  // Digits and curves in random order, so neither is always on top.
  for (let i = strokes.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [strokes[i], strokes[j]] = [strokes[j]!, strokes[i]!];
  }
  paint(pic, strokes);
  // Speckles, some as dark as the ink.
  const dots: Stroke[] = Array.from({ length: 90 }, () => {
    const x = rnd(0, w);
    const y = rnd(0, h);
    return {
      pts: [
        [x, y],
        [x + rnd(-1, 1), y + rnd(-1, 1)],
      ] as Pt[],
      half: rnd(0.6, 1.5),
      rgb: Math.random() < 0.5 ? inkColour() : [randomInt(120, 230), randomInt(120, 230), randomInt(120, 230)],
    };
  });
  paint(pic, dots);
  return encodePng(pic);
}
