/**
 * The notice body's allow-list (issue 16 "Notices"; SPEC §7 rich-text image URLs; docs/notices.md "Rich
 * text"). `sanitizeNoticeHtml` keeps the formatting a Tiptap starter-kit editor writes (paragraphs,
 * headings, emphasis, lists, quotes, code, rules, links, images) and drops everything else: no script,
 * style, iframe, object, form, SVG or MathML; no attribute but the few listed (no `on*` handler, no
 * `style`, no `class`); links only http, https and mailto, opened with rel="noopener noreferrer"; images
 * only the application's uploaded files. An image source naming an uploaded file — the notice image path or
 * the file service's `getfile` path, behind any base URL or file-service prefix, with any query — is
 * rewritten to the relative notice image path WITHOUT the viewer's `code` (the stored body keeps none);
 * any other image (external, `data:`, `javascript:`) is removed.
 */
import sanitizeHtml from 'sanitize-html';
import { NoticePaths, Paths } from '@mp/protocol';

const FILE_SRC = new RegExp(`^(?:https?://[^/?#]+)?(?:/[A-Za-z0-9._~-]+)*?(?:${NoticePaths.getnoticefile}|${Paths.getfile})/([A-Za-z0-9-]{1,64})(?:[?#].*)?$`);

/** The relative image path of an uploaded file in a stored notice body. */
export const noticeFileSrc = (fileId: string) => `${NoticePaths.getnoticefile}/${fileId}`;

/** The uploaded file id an image source names, or undefined (not one of ours). */
export function fileIdOfSrc(src: string): string | undefined {
  return FILE_SRC.exec(src.trim())?.[1];
}

/**
 * Sanitises a notice body. Answers the safe HTML (trimmed) and the ids of the uploaded images it shows,
 * in order, without repeats. Pure; never throws on hostile input.
 */
export function sanitizeNoticeHtml(html: string): { html: string; fileIds: string[] } {
  const fileIds: string[] = [];
  const out = sanitizeHtml(html, {
    allowedTags: [
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
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], ol: ['start'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Contents of these are dropped entirely, not kept as text.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'iframe',
      'object',
      'embed',
      'svg',
      'math',
      'template',
      'title',
      'xmp',
      'noembed',
      'noframes',
    ],
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
      img: (tagName, attribs) => {
        const id = attribs.src ? fileIdOfSrc(attribs.src) : undefined;
        const { src: _src, ...rest } = attribs;
        if (!id) return { tagName, attribs: rest };
        if (!fileIds.includes(id)) fileIds.push(id);
        return { tagName, attribs: { ...rest, src: noticeFileSrc(id) } };
      },
    },
    // An image left without a source (not one of ours) is dropped.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
  return { html: out.trim(), fileIds };
}

/** True when the sanitised body shows nothing (no text, no image). */
export function isBlankHtml(html: string): boolean {
  return !/<img\s/i.test(html) && sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}
