/**
 * The view box of the face-registration dialog (issue 18; SPEC §8 "no face in the view box"; docs/face.md):
 * the part of the camera frame the face must be in, as fractions of the frame, and the test of a found
 * face against it. Pure functions (view-box.test.ts).
 */

/** A rectangle as fractions (0..1) of the frame: x, y (top left), width, height. */
export type Box = readonly [x: number, y: number, width: number, height: number];

/** The view box: the middle 60 % of the width and 80 % of the height (drawn over the video). */
export const VIEW_BOX: Box = [0.2, 0.1, 0.6, 0.8];

/** The smallest face accepted, as a fraction of the frame's width (a face further away is "not in the box"). */
export const MIN_FACE_WIDTH = 0.12;

/** Whether a face box lies in the view box: its centre inside, and at least MIN_FACE_WIDTH wide. */
export function faceInViewBox(face: Box, view: Box = VIEW_BOX): boolean {
  const [x, y, w, h] = face;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const [vx, vy, vw, vh] = view;
  return w >= MIN_FACE_WIDTH && cx >= vx && cx <= vx + vw && cy >= vy && cy <= vy + vh;
}
