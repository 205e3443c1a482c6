/**
 * Rich-text bodies in the console (docs/notices.md "Rich text"; SPEC §7 image URLs). Stored bodies (already
 * sanitised by the server) keep image sources without the viewer's `code`; `forDisplay` sanitises again with
 * DOMPurify (defence in depth: the same allow-list as the server) and adds the viewer's `code` to our image
 * paths; `forStorage` removes any `code` before saving.
 */
import DOMPurify from 'dompurify';
import { NoticePaths, Paths } from '@mp/protocol';
import { fileUrl } from '../../api/client';

const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'a',
  'img',
];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt', 'title', 'width', 'height', 'start'];
const OUR_IMAGE = new RegExp(`(?:${NoticePaths.getnoticefile}|${Paths.getfile})/[A-Za-z0-9-]{1,64}`);

/** The address an uploaded file is shown at in a notice body (no code). */
export const noticeImagePath = (fileId: string) => `${NoticePaths.getnoticefile}/${fileId}`;

function transform(html: string, src: (s: string) => string | null): string {
  const frag = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i, RETURN_DOM_FRAGMENT: true });
  frag.querySelectorAll('img').forEach((img) => {
    const next = src(img.getAttribute('src') ?? '');
    if (next === null) img.remove();
    else img.setAttribute('src', next);
  });
  frag.querySelectorAll('a').forEach((a) => {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  });
  const box = document.createElement('div');
  box.appendChild(frag);
  return box.innerHTML;
}

const withoutCode = (s: string) => s.replace(/([?&])code=[^&#]*&?/, '$1').replace(/[?&]$/, '');

/** Safe HTML to show: images only ours, with the viewer's `code`. */
export function forDisplay(html: string): string {
  return transform(html, (s) => (OUR_IMAGE.test(s) ? fileUrl(withoutCode(s)) : null));
}

/** HTML to save: images without any `code` (the server strips it too). */
export function forStorage(html: string): string {
  return transform(html, (s) => (OUR_IMAGE.test(s) ? withoutCode(s) : null));
}
