import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkTimeoutError, isChunkError, withChunkTimeout } from './chunk-load';

afterEach(() => {
  vi.useRealTimers();
});

describe('chunk loads (SPEC §8, §9)', () => {
  it('fails a load that has not settled after the timeout, with SPEC §9 120,000 ms by default', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const late = withChunkTimeout(never);
    const caught = late.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void late.catch(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await caught;
    expect(e).toBeInstanceOf(ChunkTimeoutError);
    expect(isChunkError(e)).toBe(true);
  });

  it('passes through what the load settles with, and clears its timer', async () => {
    vi.useFakeTimers();
    await expect(withChunkTimeout(Promise.resolve('screen'), 50)).resolves.toBe('screen');
    const failure = new Error('boom');
    await expect(withChunkTimeout(Promise.reject(failure), 50)).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('tells a failed chunk fetch from any other error', () => {
    expect(isChunkError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkError(undefined)).toBe(false);
  });
});
