/**
 * Fake-camera videos of the face-registration spec (e2e/face.spec.ts; docs/face.md "Tests"): Chromium's
 * `--use-file-for-fake-video-capture` plays a Y4M file (a text header, then I420 frames). The face is the
 * portrait in `@vladmandic/human`'s own asset `assets/screenshot-faceid.jpg` (the library author's demo
 * screenshot, shipped in the MIT-licensed npm package), decoded with jpeg-js, cropped to the portrait and
 * scaled into the middle of a grey 640×480 frame; the video without a face is the grey frame alone.
 * Written at test time into a temp folder; nothing is committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import jpeg from 'jpeg-js';

export const WIDTH = 640;
export const HEIGHT = 480;
const GREY = 128;
/** The portrait inside the screenshot (x, y, side, px of the 800×564 image). */
const PORTRAIT = { x: 14, y: 142, side: 140 };
/** The side of the scaled face in the frame (px). */
const FACE_SIDE = 300;

/** An RGB frame (3 bytes a pixel), grey. */
function greyFrame(): Uint8Array {
  return new Uint8Array(WIDTH * HEIGHT * 3).fill(GREY);
}

/** A frame with the portrait scaled (nearest pixel) into its middle. */
export function faceFrame(): Uint8Array {
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'screenshot-faceid.jpg');
  const img = jpeg.decode(readFileSync(file), { useTArray: true });
  const out = greyFrame();
  const left = Math.round((WIDTH - FACE_SIDE) / 2);
  const top = Math.round((HEIGHT - FACE_SIDE) / 2);
  for (let y = 0; y < FACE_SIDE; y++) {
    const sy = PORTRAIT.y + Math.floor((y * PORTRAIT.side) / FACE_SIDE);
    for (let x = 0; x < FACE_SIDE; x++) {
      const sx = PORTRAIT.x + Math.floor((x * PORTRAIT.side) / FACE_SIDE);
      const s = (sy * img.width + sx) * 4; // RGBA
      const d = ((top + y) * WIDTH + left + x) * 3;
      out[d] = img.data[s]!;
      out[d + 1] = img.data[s + 1]!;
      out[d + 2] = img.data[s + 2]!;
    }
  }
  return out;
}

/** An RGB frame as I420 (full-range BT.601, as JPEG): Y plane, then U and V at half resolution. */
function toI420(rgb: Uint8Array): Buffer {
  const ySize = WIDTH * HEIGHT;
  const cSize = (WIDTH / 2) * (HEIGHT / 2);
  const out = Buffer.alloc(ySize + 2 * cSize);
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      out[y * WIDTH + x] = clamp(0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!);
    }
  }
  for (let y = 0; y < HEIGHT / 2; y++) {
    for (let x = 0; x < WIDTH / 2; x++) {
      const i = (2 * y * WIDTH + 2 * x) * 3; // the top-left pixel of the 2×2 block
      const [r, g, b] = [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!];
      out[ySize + y * (WIDTH / 2) + x] = clamp(-0.1687 * r - 0.3313 * g + 0.5 * b + 128);
      out[ySize + cSize + y * (WIDTH / 2) + x] = clamp(0.5 * r - 0.4187 * g - 0.0813 * b + 128);
    }
  }
  return out;
}

/** Writes `frames` copies of `rgb` as a 10 fps Y4M video at `path`. */
export function writeY4m(path: string, rgb: Uint8Array, frames = 10): void {
  const frame = toI420(rgb);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from('FRAME\n'), frame);
  writeFileSync(path, Buffer.concat(parts));
}

/** `rgb` as a JPEG file at `path` (the photo uploaded instead of taken). */
function writeJpeg(path: string, rgb: Uint8Array): void {
  const rgba = Buffer.alloc(WIDTH * HEIGHT * 4, 255);
  for (let i = 0; i < WIDTH * HEIGHT; i++) rgba.set(rgb.subarray(i * 3, i * 3 + 3), i * 4);
  writeFileSync(path, jpeg.encode({ data: rgba, width: WIDTH, height: HEIGHT }, 85).data);
}

/** The files of the spec in `dir`: the videos with the face and without one, and the face as a JPEG. */
export function writeFaceVideos(dir: string): { face: string; empty: string; photo: string } {
  const face = join(dir, 'face.y4m');
  const empty = join(dir, 'empty.y4m');
  const photo = join(dir, 'face.jpg');
  const frame = faceFrame();
  writeY4m(face, frame);
  writeY4m(empty, greyFrame());
  writeJpeg(photo, frame);
  return { face, empty, photo };
}
