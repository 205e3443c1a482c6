/**
 * Placeholders and rendering of message texts (docs/messages.md "Templates"; issue 16 part M). Pure functions:
 * no database. A placeholder is `{{ name }}` (spaces inside allowed); names are the built-in variables
 * (`BUILTIN_VARIABLES`) and the template's custom ones. Values are escaped for the channel: HTML-escaped in
 * e-mail bodies (HTML), as they are in SMS, in-site texts and subjects (plain text).
 */
import {
  BUILTIN_VARIABLES,
  LANGUAGES,
  MESSAGE_LANGUAGES,
  MESSAGE_RULES,
  MessageTemplateCodes,
  SCRIPT_TAG,
  type MessageChannel,
  type MessageContents,
  type MessageLanguage,
} from '@mp/protocol';
import { AppError } from '../../lib/errors.js';

/** HTML-escapes `&<>"'` (values in e-mail bodies, free text turned into HTML). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TOKEN = /\{\{([^{}]*)\}\}/g;
const NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)?$/;
/** How a placeholder is written (shown in the malformed-placeholder message). */
export const PLACEHOLDER_EXAMPLE = '{{user.name}}';

/** The placeholders of `text`: well-formed names and malformed fragments (an unpaired `{{`/`}}`, a bad name). */
export function scanPlaceholders(text: string): { names: string[]; malformed: string[] } {
  const names: string[] = [];
  const malformed: string[] = [];
  const rest = text.replace(TOKEN, (whole, inner: string) => {
    const name = inner.trim();
    if (NAME.test(name)) names.push(name);
    else malformed.push(whole);
    return ' ';
  });
  for (const m of rest.matchAll(/\{\{[^{}]{0,20}\}?|[^{}\s]{0,20}\}\}/g)) malformed.push(m[0].trim());
  return { names, malformed };
}

const languageName = (l: string) => LANGUAGES.find((x) => x.value === l)?.text ?? l;

/**
 * Checks a template's (or free text's) texts for `channel`: at least one language with a body; a subject per
 * language except for SMS; lengths (MESSAGE_RULES); no script tag; every placeholder well-formed and naming a
 * built-in or one of `custom`. Answers the trimmed contents (languages without a body dropped).
 * @throws messagetemplate.content_required / subject_required / subject_too_long / body_too_long / script_tag /
 *   placeholder_malformed / placeholder_unknown (params name the language or the placeholders).
 */
export function checkContents(channel: MessageChannel, contents: MessageContents, custom: string[]): MessageContents {
  const out: MessageContents = {};
  const known = new Set<string>([...BUILTIN_VARIABLES, ...custom]);
  const unknown = new Set<string>();
  const malformed = new Set<string>();
  for (const lang of MESSAGE_LANGUAGES) {
    const c = contents[lang];
    const body = (c?.body ?? '').trim();
    if (!body) continue;
    const subject = channel === 'sms' ? '' : (c?.subject ?? '').trim();
    const language = languageName(lang);
    if (channel !== 'sms' && !subject) throw new AppError(MessageTemplateCodes.SUBJECT_REQUIRED, { language });
    if ([...subject].length > MESSAGE_RULES.subject.max)
      throw new AppError(MessageTemplateCodes.SUBJECT_TOO_LONG, { language, max: MESSAGE_RULES.subject.max });
    const max = MESSAGE_RULES.body[channel];
    if ([...body].length > max) throw new AppError(MessageTemplateCodes.BODY_TOO_LONG, { language, max });
    if (SCRIPT_TAG.test(subject) || SCRIPT_TAG.test(body)) throw new AppError(MessageTemplateCodes.SCRIPT_TAG, { language });
    for (const text of [subject, body]) {
      const found = scanPlaceholders(text);
      for (const m of found.malformed) malformed.add(m);
      for (const n of found.names) if (!known.has(n)) unknown.add(n);
    }
    out[lang] = { subject, body };
  }
  if (!Object.keys(out).length) throw new AppError(MessageTemplateCodes.CONTENT_REQUIRED);
  if (malformed.size) throw new AppError(MessageTemplateCodes.PLACEHOLDER_MALFORMED, { names: [...malformed].join(', '), example: PLACEHOLDER_EXAMPLE });
  if (unknown.size) throw new AppError(MessageTemplateCodes.PLACEHOLDER_UNKNOWN, { names: [...unknown].map((n) => `{{${n}}}`).join(', ') });
  return out;
}

/**
 * The language a recipient gets: theirs if the texts have it, else the sender's, else the first of
 * ZH_CN, EN_US, JA_JP the texts have (docs/messages.md "Language").
 */
export function pickLanguage(contents: MessageContents, recipient: string | null | undefined, sender: string): MessageLanguage {
  const has = (l: string | null | undefined): l is MessageLanguage =>
    !!l && (MESSAGE_LANGUAGES as readonly string[]).includes(l) && !!contents[l as MessageLanguage]?.body;
  if (has(recipient)) return recipient;
  if (has(sender)) return sender;
  return MESSAGE_LANGUAGES.find((l) => has(l)) ?? 'ZH_CN';
}

/** Replaces every placeholder of `text` by its value (`escapeValue` applied to the value; an unknown name becomes empty). */
export function fill(text: string, values: Readonly<Record<string, string>>, escapeValue: (v: string) => string = (v) => v): string {
  return text.replace(TOKEN, (_whole, inner: string) => {
    const name = inner.trim();
    return Object.hasOwn(values, name) ? escapeValue(values[name]!) : '';
  });
}

/**
 * Renders the texts of `lang` for one recipient: subject as plain text (line breaks of values removed), body
 * with values HTML-escaped for e-mail (`html` true) and as they are for SMS / in-site.
 */
export function renderFor(
  channel: MessageChannel,
  contents: MessageContents,
  lang: MessageLanguage,
  values: Readonly<Record<string, string>>,
): { subject: string; body: string } {
  const c = contents[lang] ?? { subject: '', body: '' };
  const oneLine = (v: string) => v.replace(/[\r\n]+/g, ' ');
  return {
    subject: channel === 'sms' ? '' : fill(c.subject ?? '', values, oneLine),
    body: fill(c.body, values, channel === 'email' ? escapeHtml : (v) => v),
  };
}

/** Plain text turned into an HTML fragment (escaped, line breaks kept): free-text e-mail bodies. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/** A plain-text version of an e-mail HTML body (tags dropped, common entities decoded): the mail's text part. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
