/**
 * Validation rules and limits of SPEC §5 and §9 as data, so the console's forms and the server's
 * checks say the same thing. Each rule names the i18n message key it fails with.
 */

/** Input max lengths (SPEC §5): small 20, middle 50, large 100, huge 200. */
export const MAX_LEN = { small: 20, middle: 50, large: 100, huge: 200 } as const;

/** File limits (SPEC §5, §9), in bytes or characters. */
export const FILE_LIMITS = {
  excelBytes: 10 * 1024 * 1024,
  imageBytes: 10 * 1024 * 1024,
  avatarBytes: 500 * 1024,
  fileNameChars: 50,
} as const;

/** Image extensions recognised (SPEC §5), lowercase. */
export const IMAGE_EXTENSIONS = [
  'svgz',
  'pjp',
  'png',
  'ico',
  'avif',
  'tiff',
  'tif',
  'jfif',
  'svg',
  'xbm',
  'pjpeg',
  'webp',
  'jpg',
  'jpeg',
  'bmp',
  'gif',
] as const;

/** Image types accepted for a logo upload: raster types only (an SVG can carry script). */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/x-icon', 'image/avif'] as const;

/** True when the path's extension is one of SPEC §5's image extensions (case-insensitive). */
export function isImagePath(path: string): boolean {
  const ext = path.split('?')[0]!.split('.').pop()?.toLowerCase() ?? '';
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Submitted text with a script tag is refused (SPEC §5 Generic). */
export const SCRIPT_TAG = /<\s*\/?\s*script\b/i;

/** Tenant rules (SPEC §5 Tenant). */
export const TENANT_RULES = {
  code: { pattern: /^[A-Za-z0-9]+$/, max: MAX_LEN.small },
  name: { max: MAX_LEN.middle },
  abbreviation: { max: MAX_LEN.small },
  address: { max: MAX_LEN.huge },
  description: { max: MAX_LEN.huge },
} as const;

/** Default password rule (code table type 1): 8–20 characters with letters and digits. */
export const DEFAULT_PASSWORD_RULE = '^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7e]{8,20}$';

/**
 * Checks a password against the rule's regular expression (SPEC §5 Password strength).
 * Returns validStatus 1 when it matches, 0 when it does not, 2 when the rule is missing or broken.
 */
export function checkPasswordStrength(password: string, rule: string | undefined | null): 0 | 1 | 2 {
  if (!rule) return 2;
  try {
    return new RegExp(rule).test(password) ? 1 : 0;
  } catch {
    return 2;
  }
}
