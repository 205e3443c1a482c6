/** Placeholders and rendering (render.ts): scanning, checks, language choice, channel escaping, the text part of a mail. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { checkContents, htmlToText, pickLanguage, renderFor, scanPlaceholders, textToHtml } from './render.js';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? `${e.code} ${JSON.stringify(e.params)}` : String(e);
  }
};

describe('message rendering', () => {
  it('scans well-formed names and malformed fragments', () => {
    expect(scanPlaceholders('Hi {{ user.name }}, {{orderNo}}')).toEqual({ names: ['user.name', 'orderNo'], malformed: [] });
    expect(scanPlaceholders('{{user.name} and {{ 1x }} and }} and {{a.b.c}}').malformed).toEqual(['{{ 1x }}', '{{a.b.c}}', '{{user.name}', '}}']);
  });

  it('checks texts per channel and names what is wrong', () => {
    expect(codeOf(() => checkContents('email', { EN_US: { subject: 'Hi {{x}}', body: '{{y}} {{user.name}}' } }, ['y']))).toBe(
      'messagetemplate.placeholder_unknown {"names":"{{x}}"}',
    );
    expect(codeOf(() => checkContents('sms', { ZH_CN: { body: '  ' } }, []))).toBe('messagetemplate.content_required {}');
    expect(checkContents('sms', { ZH_CN: { subject: 'dropped', body: ' hi ' }, EN_US: { body: '' } }, [])).toEqual({ ZH_CN: { subject: '', body: 'hi' } });
    expect(codeOf(() => checkContents('insite', { JA_JP: { subject: '', body: 'x' } }, []))).toBe('messagetemplate.subject_required {"language":"日本語"}');
  });

  it("picks the recipient's language, else the sender's, else the first present", () => {
    const c = { EN_US: { body: 'en' }, JA_JP: { body: 'ja' } };
    expect(pickLanguage(c, 'JA_JP', 'EN_US')).toBe('JA_JP');
    expect(pickLanguage(c, 'ZH_CN', 'EN_US')).toBe('EN_US');
    expect(pickLanguage(c, null, 'ZH_CN')).toBe('EN_US');
  });

  it('escapes values in e-mail bodies only, and keeps subjects on one line', () => {
    const c = { ZH_CN: { subject: 'S {{v}}', body: '<p>{{v}}</p>' } };
    expect(renderFor('email', c, 'ZH_CN', { v: '<b>&"\n' })).toEqual({ subject: 'S <b>&" ', body: '<p>&#60;b&#62;&#38;&#34;\n</p>' });
    expect(renderFor('insite', c, 'ZH_CN', { v: '<b>' }).body).toBe('<p><b></p>');
    expect(renderFor('sms', c, 'ZH_CN', { v: 'x' }).subject).toBe('');
    expect(renderFor('insite', c, 'ZH_CN', {}).body).toBe('<p></p>');
  });

  it('turns free text into HTML and HTML into the text part', () => {
    expect(textToHtml('a < b\nc')).toBe('a &#60; b<br>c');
    expect(htmlToText('<p>Dear <b>A</b>, &#60;x&#62; &amp; y</p><p>Bye</p>')).toBe('Dear A, <x> & y\nBye');
  });
});
