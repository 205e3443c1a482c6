/**
 * Loading a screen's code with SPEC §9's script chunk timeout (120,000 ms), and telling a failed chunk
 * load from any other error (SPEC §8 'Loading chunk error, please reload page'; routes/route-error.tsx).
 */
import { DEFAULTS } from '@mp/protocol';

/** The error a chunk load ends with when it takes longer than `DEFAULTS.chunkTimeoutMs`. */
export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`Loading chunk timed out after ${ms} ms`);
    this.name = 'ChunkTimeoutError';
  }
}

/**
 * Races a dynamic import against the chunk timeout (ms, default SPEC §9's 120,000).
 * @throws ChunkTimeoutError when `load` has not settled in time; otherwise what `load` settles with.
 */
export function withChunkTimeout<T>(load: Promise<T>, ms: number = DEFAULTS.chunkTimeoutMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

// What browsers and Vite say when a module or its preloads cannot be fetched (Chromium, Firefox, Safari, Vite's preload helper).
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to fetch/i;

/** True for an error of loading code (a chunk that failed or timed out), false for any other error. */
export function isChunkError(error: unknown): boolean {
  if (error instanceof ChunkTimeoutError) return true;
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}
