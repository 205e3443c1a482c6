/**
 * File downloads of the HTTP client (SPEC §8 "Text-typed blob responses are parsed"): the file name
 * from Content-Disposition and the save-as of a blob.
 */

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 5987) wins over
 * `filename="…"`; null when neither is present.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  if (!name) return null;
  try {
    return decodeURIComponent(name.trim());
  } catch {
    return name.trim();
  }
}

/** True for a response type that may hold a result envelope instead of a file. */
export function isTextualType(contentType: string | null): boolean {
  const t = (contentType ?? '').toLowerCase();
  return t.includes('application/json') || t.startsWith('text/');
}

/** Offers a blob to the user as a file named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
