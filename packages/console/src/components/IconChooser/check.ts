/**
 * Pure checks of the icon chooser (SPEC §5 Icon: png/jpg/jpeg/gif, at most 10M; §8 'Can only upload
 * image (.png, .jpg, .jpeg, .gif)', 'File size can not over 10M') and of its values: a system icon name
 * or `file:<id>` of an uploaded image.
 */
import { APP_MENU_ICON_EXTENSIONS, APP_MENU_ICON_MIME_TYPES, APP_MENU_RULES } from '@mp/protocol';

/** The `accept` attribute of the file input. */
export const ICON_ACCEPT = [...APP_MENU_ICON_MIME_TYPES, ...APP_MENU_ICON_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** The i18n key (namespace `iconchooser`) of a file's problem, or null: type first, then size. */
export function checkIconUpload(
  file: { name: string; type: string; size: number },
  maxBytes: number = APP_MENU_RULES.icon.maxBytes,
): 'imageType' | 'tooLarge' | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = file.type ? (APP_MENU_ICON_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase()) : false;
  if (!typeOk || !(APP_MENU_ICON_EXTENSIONS as readonly string[]).includes(ext)) return 'imageType';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

/** True when `value` names an uploaded image (`file:<id>`). */
export const isFileIcon = (value: string | undefined): boolean => !!value && value.startsWith('file:');

/** Icon names matching `keyword` (case-insensitive, contains); all when the keyword is empty. */
export function filterIconNames(names: readonly string[], keyword: string): string[] {
  const k = keyword.trim().toLowerCase();
  return k ? names.filter((n) => n.toLowerCase().includes(k)) : [...names];
}
