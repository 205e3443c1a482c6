/**
 * The camera and live detection of the face-registration dialog (issue 18; SPEC §4 face states, §8 face
 * messages; docs/face.md "States"): opens the camera with getUserMedia (camera not open → opening → open),
 * starts the detector (detector.ts) and checks a frame every DETECT_EVERY_MS: a face inside the view box
 * is "detection success" (the photo may be taken); none is "no face" with "no face in the view box", or
 * "face lost" when one had been found; no success within the timeout is "detection timeout" (detection
 * stops; `retry` starts it again); an error of the detector is "detection failure". The message says why
 * in SPEC §8's words (browser not supported, camera failed to open, plug-in not installed or not enabled,
 * SDK initialisation failure with its code).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { DetectorError, loadDetector, type FaceDetector } from './detector';
import { faceInViewBox } from './view-box';

export type CameraState = 'closed' | 'opening' | 'open';
export type DetectionState = 'idle' | 'loading' | 'detecting' | 'success' | 'failure' | 'timeout' | 'noFace';
export type FaceMessageKey =
  | 'browserUnsupported'
  | 'cameraFailed'
  | 'pluginMissing'
  | 'sdkInitFailed'
  | 'detectionTimeout'
  | 'faceLost'
  | 'noFaceInBox'
  | 'detectionFailed'
  | 'photoFailed';
/** A §8 message of the dialog (`face:message.<key>`), with the SDK error code when there is one. */
export interface FaceMessage {
  key: FaceMessageKey;
  code?: number;
}

/** How long detection may look for a face before "detection timeout" (ms). */
export const DEFAULT_DETECTION_TIMEOUT_MS = 15_000;
/** localStorage key that overrides the timeout on this browser (ms, 1000–120000; docs/face.md; the e2e spec sets it). */
export const TIMEOUT_STORAGE_KEY = 'mp.faceDetectionTimeoutMs';

/** The detection timeout: the browser's override when it holds a number in range, else the default. */
export function detectionTimeoutMs(): number {
  let stored = Number.NaN;
  try {
    stored = Number(localStorage.getItem(TIMEOUT_STORAGE_KEY) ?? '');
  } catch {
    /* no storage */
  }
  return stored >= 1000 && stored <= 120_000 ? stored : DEFAULT_DETECTION_TIMEOUT_MS;
}
/** Pause between two detections (ms). */
const DETECT_EVERY_MS = 150;

/**
 * Camera + detection state of the dialog; `video` is the element the stream is shown in, `onMessage`
 * receives the §8 message of the current state (undefined: none).
 */
export function useFaceCamera(
  video: RefObject<HTMLVideoElement | null>,
  timeoutMs = detectionTimeoutMs(),
  onMessage: (m: FaceMessage | undefined) => void = () => undefined,
) {
  const [camera, setCamera] = useState<CameraState>('closed');
  const [detection, setDetection] = useState<DetectionState>('idle');
  const report = useRef(onMessage);
  report.current = onMessage;
  const setMessage = useCallback((m: FaceMessage | undefined) => report.current(m), []);
  const stream = useRef<MediaStream | undefined>(undefined);
  const run = useRef(0); // incremented to stop a running loop

  const stopLoop = () => {
    run.current += 1;
  };

  const close = useCallback(() => {
    stopLoop();
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = undefined;
    if (video.current) video.current.srcObject = null;
    setCamera('closed');
    setDetection('idle');
  }, [video]);

  /** Detects until success is lost, a timeout or an error; restarted by `retry`. */
  const detectLoop = useCallback(
    async (detector: FaceDetector) => {
      const mine = ++run.current;
      let deadline = Date.now() + timeoutMs;
      let inBox = false; // the last frame had a face in the view box
      let found = false; // some frame of this run had one: its absence is "face lost"
      setDetection('detecting');
      setMessage(undefined);
      while (run.current === mine) {
        const el = video.current;
        if (el && el.readyState >= 2) {
          let face: Awaited<ReturnType<FaceDetector['detect']>>;
          try {
            face = await detector.detect(el);
          } catch {
            if (run.current !== mine) return;
            setDetection('failure');
            setMessage({ key: 'detectionFailed' });
            return;
          }
          if (run.current !== mine) return;
          if (face && faceInViewBox(face.box)) {
            inBox = true;
            found = true;
            setDetection('success');
            setMessage(undefined);
          } else {
            if (inBox) deadline = Date.now() + timeoutMs; // the face just went: the wait starts again
            inBox = false;
            setDetection('noFace');
            setMessage({ key: found ? 'faceLost' : 'noFaceInBox' });
            if (Date.now() > deadline) {
              setDetection('timeout');
              setMessage({ key: 'detectionTimeout' });
              return;
            }
          }
        }
        await new Promise((r) => setTimeout(r, DETECT_EVERY_MS));
      }
    },
    [video, timeoutMs, setMessage],
  );

  /** Loads the detector (once per page) and starts detecting. */
  const startDetection = useCallback(async () => {
    setDetection('loading');
    setMessage(undefined);
    try {
      void detectLoop(await loadDetector());
    } catch (e) {
      setDetection('failure');
      const err = e instanceof DetectorError ? e : undefined;
      setMessage(err?.kind === 'plugin' ? { key: 'pluginMissing' } : { key: 'sdkInitFailed', code: err?.code ?? 0 });
    }
  }, [detectLoop, setMessage]);

  /** Opens the camera, then starts detection. */
  const open = useCallback(async () => {
    setMessage(undefined);
    if (!navigator.mediaDevices?.getUserMedia) {
      setMessage({ key: 'browserUnsupported' });
      return;
    }
    setCamera('opening');
    try {
      const s = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 }, facingMode: 'user' }, audio: false });
      stream.current = s;
      if (video.current) {
        video.current.srcObject = s;
        await video.current.play().catch(() => undefined);
      }
      setCamera('open');
    } catch {
      setCamera('closed');
      setMessage({ key: 'cameraFailed' });
      return;
    }
    await startDetection();
  }, [video, startDetection, setMessage]);

  /** Detects again (after a timeout, a failure or a photo taken) while the camera is open. */
  const retry = useCallback(() => {
    if (stream.current) void startDetection();
  }, [startDetection]);

  useEffect(() => close, [close]);

  return { camera, detection, open, close, retry };
}
