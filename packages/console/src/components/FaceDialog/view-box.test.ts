import { describe, expect, it } from 'vitest';
import { faceInViewBox, VIEW_BOX } from './view-box';

describe('face view box', () => {
  it('accepts a face centred in the box and refuses one outside it or too small', () => {
    expect(faceInViewBox([0.35, 0.2, 0.3, 0.4])).toBe(true);
    expect(faceInViewBox([0.0, 0.2, 0.15, 0.4])).toBe(false); // centre at x 0.075, left of the box
    expect(faceInViewBox([0.7, 0.2, 0.28, 0.4])).toBe(false); // centre at x 0.84, right of it
    expect(faceInViewBox([0.35, 0.9, 0.3, 0.2])).toBe(false); // centre below it
    expect(faceInViewBox([0.47, 0.45, 0.05, 0.07])).toBe(false); // too far away
    expect(VIEW_BOX[0] + VIEW_BOX[2]).toBeLessThanOrEqual(1);
  });
});
