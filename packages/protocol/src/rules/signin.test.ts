import { describe, expect, it } from 'vitest';
import { SLIDER_RULES, sliderDragProblem, sliderPositionOk, type SliderAnswer } from './signin.js';

const TTL = 300_000;
const human = (x: number, ms = 700): SliderAnswer => ({
  x,
  durationMs: ms,
  track: [
    [0, 0],
    [200, x * 0.4],
    [450, x * 0.85],
    [ms, x],
  ],
});

describe('slider verification rules', () => {
  it('accepts a position within the tolerance and refuses one outside it', () => {
    expect(sliderPositionOk(120 + SLIDER_RULES.tolerance, 120)).toBe(true);
    expect(sliderPositionOk(120 - SLIDER_RULES.tolerance, 120)).toBe(true);
    expect(sliderPositionOk(120 + SLIDER_RULES.tolerance + 1, 120)).toBe(false);
    expect(sliderPositionOk(Number.NaN, 120)).toBe(false);
  });

  it('accepts a human drag', () => {
    expect(sliderDragProblem(human(150), TTL)).toBeNull();
  });

  it('refuses a drag faster than a person, or longer than the puzzle lived', () => {
    expect(sliderDragProblem(human(150, SLIDER_RULES.minDurationMs - 1), TTL)).toBe('too_fast');
    expect(sliderDragProblem({ ...human(150), durationMs: TTL + 1 }, TTL)).toBe('too_slow');
  });

  it('refuses a jump, a track going back in time, a track ending away from the answer, or too many samples', () => {
    expect(sliderDragProblem({ x: 150, durationMs: 700, track: [[700, 150]] }, TTL)).toBe('track');
    expect(
      sliderDragProblem(
        {
          x: 150,
          durationMs: 700,
          track: [
            [0, 0],
            [0, 10],
            [700, 150],
          ],
        },
        TTL,
      ),
    ).toBeNull();
    expect(
      sliderDragProblem(
        {
          x: 150,
          durationMs: 700,
          track: [
            [0, 0],
            [400, 60],
            [300, 100],
            [700, 150],
          ],
        },
        TTL,
      ),
    ).toBe('track');
    expect(
      sliderDragProblem(
        {
          x: 150,
          durationMs: 700,
          track: [
            [0, 0],
            [300, 60],
            [700, 90],
          ],
        },
        TTL,
      ),
    ).toBe('track');
    const many = Array.from({ length: SLIDER_RULES.maxSamples + 1 }, (_, i) => [i, i] as [number, number]);
    expect(sliderDragProblem({ x: SLIDER_RULES.maxSamples, durationMs: 700, track: many }, TTL)).toBe('track');
  });
});
