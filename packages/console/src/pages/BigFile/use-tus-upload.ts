/**
 * One resumable upload with tus-js-client (docs/bigfile.md "Console"): 8 MB chunks, retries after a
 * dropped connection, the upload address kept in localStorage under the file's fingerprint so that
 * choosing the same file after a reload continues where the server stands, progress with bytes and
 * speed, pause/resume/cancel, and the SHA-256 of the file computed in the browser alongside
 * (@noble/hashes, incrementally: WebCrypto cannot hash a stream) and compared with the server's.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import * as tus from 'tus-js-client';
import { BigFilePaths } from '@mp/protocol';
import { useUiStore } from '../../stores/ui';
import { sha256OfFile } from './sha256';

export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'retrying' | 'done' | 'error';

/** What the page shows of the current upload. */
export interface UploadState {
  phase: UploadPhase;
  file?: File;
  sent: number;
  total: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
  /** The offset the server already held when this upload continued an earlier one. */
  resumedAt?: number;
  /** SHA-256 in the browser: progress 0–100, then the hex digest. */
  hashPercent: number;
  clientSha256?: string;
  serverSha256?: string;
  /** A failure: the server's localised message, or a code the page translates. */
  error?: { message?: string; kind: 'network' | 'server' };
}

/** An upload the browser remembers but has not finished (from a previous page). */
export interface PendingUpload {
  key: string;
  name: string;
  size: number;
}

const CHUNK = 8 * 1024 * 1024;
const EMPTY: UploadState = { phase: 'idle', sent: 0, total: 0, speed: 0, hashPercent: 0 };

/** The envelope's message of a tus refusal, when the server sent one. */
function serverMessage(err: Error): string | undefined {
  const body = (err as tus.DetailedError).originalResponse?.getBody();
  if (!body) return undefined;
  try {
    return (JSON.parse(body) as { msg?: string }).msg || undefined;
  } catch {
    return undefined;
  }
}

/** The upload hook: `start(file)`, `pause()`, `resume()`, `cancel()`, the state and the remembered uploads. */
export function useTusUpload(onFinished: () => void) {
  const [state, setState] = useState<UploadState>(EMPTY);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const upload = useRef<tus.Upload | null>(null);
  const samples = useRef<{ t: number; bytes: number }[]>([]);
  const language = useUiStore((s) => s.language);
  const patch = (p: Partial<UploadState>) => setState((s) => ({ ...s, ...p }));

  const refreshPending = useCallback(async () => {
    const all = await tus.defaultOptions.urlStorage.findAllUploads().catch(() => [] as tus.PreviousUpload[]);
    setPending(
      all.filter((u) => u.uploadUrl?.startsWith(BigFilePaths.tus)).map((u) => ({ key: u.urlStorageKey, name: u.metadata.filename ?? '', size: u.size ?? 0 })),
    );
  }, []);
  useEffect(() => {
    void refreshPending();
  }, [refreshPending]);

  const discard = useCallback(
    async (key: string) => {
      await tus.defaultOptions.urlStorage.removeUpload(key);
      await refreshPending();
    },
    [refreshPending],
  );

  const start = useCallback(
    async (file: File) => {
      upload.current?.abort().catch(() => undefined);
      samples.current = [];
      setState({ ...EMPTY, phase: 'uploading', file, total: file.size });
      void sha256OfFile(file, (p) => patch({ hashPercent: p })).then((hex) => patch({ clientSha256: hex, hashPercent: 100 }));
      const u = new tus.Upload(file, {
        endpoint: BigFilePaths.tus,
        chunkSize: CHUNK,
        retryDelays: [0, 1000, 2000, 4000, 8000],
        metadata: { filename: file.name, filetype: file.type },
        headers: { 'X-Language': language },
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onShouldRetry: (err, attempt, options) => {
          const status = (err as tus.DetailedError).originalResponse?.getStatus() ?? 0;
          const retry = (status === 0 || status === 409 || status === 423 || status >= 500) && attempt < (options.retryDelays?.length ?? 0);
          if (retry) patch({ phase: 'retrying' });
          return retry;
        },
        onProgress: (sent, total) => {
          const now = performance.now();
          samples.current = [...samples.current.filter((x) => now - x.t < 3000), { t: now, bytes: sent }];
          const first = samples.current[0]!;
          const speed = now - first.t > 200 ? ((sent - first.bytes) * 1000) / (now - first.t) : 0;
          patch({ phase: 'uploading', sent, total, speed });
        },
        // a continued upload starts with HEAD: the server's offset is where it continues
        onAfterResponse: (req, res) => {
          if (req.getMethod() === 'HEAD' && res.getStatus() === 200) patch({ resumedAt: Number(res.getHeader('Upload-Offset') ?? 0) });
        },
        onSuccess: ({ lastResponse }) => {
          patch({ phase: 'done', sent: file.size, speed: 0, serverSha256: lastResponse.getHeader('MP-Upload-SHA256') || undefined });
          void refreshPending();
          onFinished();
        },
        onError: (err) => {
          const message = serverMessage(err);
          patch({ phase: 'error', speed: 0, error: message ? { kind: 'server', message } : { kind: 'network' } });
          void refreshPending();
        },
      });
      upload.current = u;
      const previous = await u.findPreviousUploads();
      const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (last) {
        u.resumeFromPreviousUpload(last);
      }
      u.start();
      void refreshPending();
    },
    [language, onFinished, refreshPending],
  );

  const pause = useCallback(() => {
    void upload.current?.abort();
    patch({ phase: 'paused', speed: 0 });
  }, []);

  const resume = useCallback(() => {
    if (!upload.current) return;
    samples.current = [];
    patch({ phase: 'uploading', error: undefined });
    upload.current.start();
  }, []);

  const cancel = useCallback(async () => {
    const u = upload.current;
    upload.current = null;
    setState(EMPTY);
    if (u) await u.abort(true).catch(() => undefined);
    await refreshPending();
  }, [refreshPending]);

  useEffect(
    () => () => {
      void upload.current?.abort();
    },
    [],
  );
  return { state, pending, start, pause, resume, cancel, discard };
}
