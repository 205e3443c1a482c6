/**
 * Checks an image before upload (SPEC §5 Icon: at most 10M, png/jpg/jpeg/gif; SPEC §8 'File size can
 * not over 10M', 'Can only upload image (.png, .jpg, .jpeg, .gif)'). Accepts the raster types of
 * LOGO_MIME_TYPES only — an SVG can carry script, so it is refused. Pure: returns the i18n key and
 * params of the problem, or null.
 */
import { FILE_LIMITS, LOGO_MIME_TYPES } from '@mp/protocol';
import { formatLimit, type FileProblem } from '../DataGrid/file-check';

/** File extensions of each accepted MIME type, in the order the message lists them. */
export const IMAGE_TYPE_EXTENSIONS: Record<(typeof LOGO_MIME_TYPES)[number], string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/bmp': ['bmp'],
  'image/x-icon': ['ico'],
  'image/avif': ['avif'],
};

/** '.png, .jpg, .jpeg, .gif, …' for the message. */
export const ACCEPTED_EXTENSIONS_TEXT = Object.values(IMAGE_TYPE_EXTENSIONS)
  .flat()
  .map((e) => `.${e}`)
  .join(', ');

/** The `accept` attribute of the file input: the MIME types plus their extensions. */
export const ACCEPT_ATTRIBUTE = [
  ...LOGO_MIME_TYPES,
  ...Object.values(IMAGE_TYPE_EXTENSIONS)
    .flat()
    .map((e) => `.${e}`),
].join(',');

/** An accepted MIME type of LOGO_MIME_TYPES. */
export type ImageMimeType = (typeof LOGO_MIME_TYPES)[number];

/** '.png, .jpg, …' of these MIME types, for the message. */
export function extensionsText(types: readonly ImageMimeType[]): string {
  return types
    .flatMap((m) => IMAGE_TYPE_EXTENSIONS[m])
    .map((e) => `.${e}`)
    .join(', ');
}

/**
 * True when the MIME type (or, when the browser gives none, the extension) is one of `types` (default:
 * every type of LOGO_MIME_TYPES).
 */
export function isAcceptedImage(file: { name: string; type: string }, types: readonly ImageMimeType[] = LOGO_MIME_TYPES): boolean {
  if (file.type) return (types as readonly string[]).includes(file.type.toLowerCase());
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return types.some((m) => IMAGE_TYPE_EXTENSIONS[m].includes(ext));
}

/** Type first (one of `types`, default all of LOGO_MIME_TYPES), then size (≤ `maxBytes`, default FILE_LIMITS.imageBytes). */
export function checkImageFile(
  file: { name: string; type: string; size: number },
  maxBytes: number = FILE_LIMITS.imageBytes,
  types?: readonly ImageMimeType[],
): FileProblem | null {
  if (!isAcceptedImage(file, types)) return { key: 'common:upload.imageType', params: { types: types ? extensionsText(types) : ACCEPTED_EXTENSIONS_TEXT } };
  if (file.size > maxBytes) return { key: 'common:upload.imageTooLarge', params: { size: formatLimit(maxBytes) } };
  return null;
}
