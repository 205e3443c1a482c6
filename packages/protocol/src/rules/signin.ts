/**
 * Slider security check rules (SPEC §1 "a slider security check"; verification code type '2', SPEC §9;
 * docs/login.md "Slider"). Shared as data: the server draws and verifies the puzzle with these numbers,
 * the console lays it out with them.
 */
export const SLIDER_RULES = {
  /** Natural size of the background image in pixels; the piece's x is measured in these pixels. */
  width: 300,
  height: 150,
  /** The piece's square body, in pixels (its knobs stick out by `knob`). */
  piece: 42,
  knob: 8,
  /** Accepted distance between the answered and the true x, in pixels. */
  tolerance: 6,
  /** A drag faster than this is not a person (milliseconds). */
  minDurationMs: 150,
  /** The drag's track: at least this many samples, at most `maxSamples` [ms since start, x] pairs. */
  minSamples: 3,
  maxSamples: 80,
} as const;

/** One sample of the drag: milliseconds since the drag began and the piece's x at that time. */
export type SliderSample = [number, number];

/** The slider answer a sign-in carries (inside the signed body, PROTOCOL.md sign range 2). */
export interface SliderAnswer {
  /** Final left edge of the piece in natural pixels. */
  x: number;
  /** From press to release, milliseconds. */
  durationMs: number;
  track: SliderSample[];
}

/**
 * Checks the shape of a drag (not the position): plausible human timing and a real movement.
 * `ttlMs` is the puzzle's lifetime (a drag longer than the puzzle lived is impossible).
 * Returns the reason it is refused, or null when the drag looks like a person's.
 */
export function sliderDragProblem(a: SliderAnswer, ttlMs: number): 'too_fast' | 'too_slow' | 'track' | null {
  if (!Number.isFinite(a.durationMs) || a.durationMs < SLIDER_RULES.minDurationMs) return 'too_fast';
  if (a.durationMs > ttlMs) return 'too_slow';
  const t = a.track;
  if (!Array.isArray(t) || t.length < SLIDER_RULES.minSamples || t.length > SLIDER_RULES.maxSamples) return 'track';
  let prev = -1;
  const xs = new Set<number>();
  for (const s of t) {
    if (!Array.isArray(s) || s.length !== 2) return 'track';
    const [ms, x] = s;
    if (!Number.isFinite(ms) || !Number.isFinite(x) || ms < prev || ms > a.durationMs + 50) return 'track';
    if (x < -1 || x > SLIDER_RULES.width) return 'track';
    prev = ms;
    xs.add(Math.round(x));
  }
  if (xs.size < SLIDER_RULES.minSamples) return 'track';
  // The last sample is where the piece was let go.
  if (Math.abs(t[t.length - 1]![1] - a.x) > SLIDER_RULES.tolerance) return 'track';
  return null;
}

/** True when the answered x is within tolerance of the target. */
export function sliderPositionOk(x: number, target: number): boolean {
  return Number.isFinite(x) && Math.abs(x - target) <= SLIDER_RULES.tolerance;
}
