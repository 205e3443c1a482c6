/**
 * SHA-256 of a File in the browser, read in 8 MB slices and hashed incrementally with @noble/hashes
 * (WebCrypto's digest needs the whole file in memory at once; a WebAssembly hasher would need
 * `'wasm-unsafe-eval'` in the console's Content-Security-Policy). `onProgress` receives 0–100.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const SLICE = 8 * 1024 * 1024;

/** The lower-case hex SHA-256 of `file`. */
export async function sha256OfFile(file: Blob, onProgress: (percent: number) => void): Promise<string> {
  const hasher = sha256.create();
  for (let offset = 0; offset < file.size; offset += SLICE) {
    hasher.update(new Uint8Array(await file.slice(offset, offset + SLICE).arrayBuffer()));
    onProgress(Math.floor((Math.min(file.size, offset + SLICE) * 100) / file.size));
  }
  return bytesToHex(hasher.digest());
}
