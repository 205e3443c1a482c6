/**
 * The in-browser face detector of the face-registration dialog (issue 18; docs/face.md): `@vladmandic/human`
 * (MIT) with only its BlazeFace detector, on TensorFlow.js's `cpu` backend (no GPU, no WebAssembly, no
 * eval: works in headless Chromium under the console's Content-Security-Policy), models from the console's
 * own origin (`/models/human/`, copied by face-models.vite.ts). The library (about 2 MB) is imported on
 * first use only, so it is never part of the sign-in page's first load.
 */
import type { Config, Human } from '@vladmandic/human';

/** Why the detector could not start. `plugin`: the library itself did not load (SPEC §8 "plug-in not installed or not enabled"). */
export class DetectorError extends Error {
  constructor(
    readonly kind: 'plugin' | 'sdk',
    /** SDK initialisation error code (docs/face.md "Error codes"): 1001 backend, 1002 model load, 1003 other. */
    readonly code: number,
    cause?: unknown,
  ) {
    super(`face detector ${kind} ${code}`, { cause });
    this.name = 'DetectorError';
  }
}

/** SDK initialisation error codes (docs/face.md). */
export const SDK_ERROR = { BACKEND: 1001, MODEL: 1002, OTHER: 1003 } as const;

/** One face found: its box as fractions (0..1) of the frame, and the detector's confidence. */
export interface FoundFace {
  box: [x: number, y: number, width: number, height: number];
  score: number;
}

/** A started detector: finds the most confident face of a video frame (or none). */
export interface FaceDetector {
  detect(input: HTMLVideoElement | HTMLCanvasElement): Promise<FoundFace | undefined>;
}

/** Where the model files are served (the console's base + models/human/). */
export function modelBasePath(): string {
  return `${import.meta.env.BASE_URL}models/human/`;
}

/** The library's configuration: BlazeFace detection only, cpu backend, no cache, no warm-up. */
function config(): Partial<Config> {
  const off = { enabled: false };
  return {
    backend: 'cpu',
    modelBasePath: modelBasePath(),
    cacheModels: false,
    warmup: 'none',
    debug: false,
    cacheSensitivity: 0,
    filter: { enabled: false },
    gesture: off,
    body: off,
    hand: off,
    object: off,
    segmentation: off,
    face: {
      enabled: true,
      detector: { enabled: true, modelPath: 'blazeface.json', rotation: false, maxDetected: 1, minConfidence: 0.5, return: false },
      mesh: off,
      attention: off,
      iris: off,
      description: off,
      emotion: off,
      antispoof: off,
      liveness: off,
      gear: off,
    },
  } as unknown as Partial<Config>;
}

let started: Promise<FaceDetector> | undefined;

/** Imports the library, selects the cpu backend and loads BlazeFace. @throws DetectorError */
async function start(): Promise<FaceDetector> {
  let HumanClass: typeof Human;
  try {
    HumanClass = (await import('@vladmandic/human')).Human;
  } catch (e) {
    throw new DetectorError('plugin', 0, e);
  }
  let human: Human;
  try {
    human = new HumanClass(config());
    await human.init();
  } catch (e) {
    throw new DetectorError('sdk', SDK_ERROR.BACKEND, e);
  }
  if (human.tf.getBackend() !== 'cpu') throw new DetectorError('sdk', SDK_ERROR.BACKEND);
  try {
    await human.load();
  } catch (e) {
    throw new DetectorError('sdk', SDK_ERROR.MODEL, e);
  }
  const blazeface = human.models.stats().modelStats.find((m) => m.name === 'blazeface');
  if (!blazeface?.loaded) throw new DetectorError('sdk', SDK_ERROR.MODEL);
  return {
    async detect(input) {
      const result = await human.detect(input);
      if (result.error) throw new Error(result.error);
      const face = [...result.face].sort((a, b) => b.boxScore - a.boxScore)[0];
      if (!face) return undefined;
      const [x, y, w, h] = face.boxRaw;
      return { box: [x, y, w, h], score: face.boxScore };
    },
  };
}

/**
 * The shared detector, started once per page (a failed start is forgotten so that a retry tries again).
 * @throws DetectorError
 */
export function loadDetector(): Promise<FaceDetector> {
  started ??= start().catch((e: unknown) => {
    started = undefined;
    throw e instanceof DetectorError ? e : new DetectorError('sdk', SDK_ERROR.OTHER, e);
  });
  return started;
}
