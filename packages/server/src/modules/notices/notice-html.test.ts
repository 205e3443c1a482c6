/**
 * The notice body's allow-list against known XSS vectors (OWASP XSS filter evasion cheat sheet style) and
 * the SPEC §7 image rule (uploaded files only, stored without `code`). docs/notices.md "Rich text".
 */
import { describe, expect, it } from 'vitest';
import { NoticePaths, Paths } from '@mp/protocol';
import { fileIdOfSrc, isBlankHtml, sanitizeNoticeHtml } from './notice-html.js';

const FILE = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** Hostile inputs; none may leave script, a handler, a javascript:/data:/vbscript: URL or an active element. */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(&quot;XSS&quot;)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#14;  javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  "<BODY ONLOAD=alert('XSS')>",
  '<iframe src="https://evil.example"></iframe>',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">x</DIV>',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<details open ontoggle=alert(1)>',
  '<a href="https://ok.example" onclick="alert(1)" onmouseover="alert(2)">x</a>',
  '<p onmouseover="alert(1)">hover</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="//evil.example/x">protocol relative</a>',
  '<img src="https://tracker.example/pixel.gif">',
  `<img src="${Paths.getfile}/${FILE}" onerror="alert(1)">`,
];

/** What must never survive. */
const DANGER =
  /<script|<style|<iframe|<object|<embed|<svg|<math|<meta|<link|<base|<form|<input|<details|<body|\son\w+\s*=|javascript:|vbscript:|data:|expression\(|style=/i;

describe('sanitizeNoticeHtml', () => {
  it(`neutralises ${VECTORS.length} known XSS vectors`, () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(15);
    for (const v of VECTORS) {
      const { html } = sanitizeNoticeHtml(v);
      expect(html, v).not.toMatch(DANGER);
      // An img or a link only with a src/href we allow
      for (const m of html.matchAll(/<img [^>]*>/g)) expect(m[0], v).toMatch(new RegExp(`^<img src="${NoticePaths.getnoticefile}/[A-Za-z0-9-]+"`));
      for (const m of html.matchAll(/href="([^"]*)"/g)) expect(m[1], v).toMatch(/^(https?:|mailto:)/);
    }
  });

  it("keeps the editor's formatting", () => {
    const src =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p><ul><li>one</li></ul><ol start="3"><li>two</li></ol><blockquote>q</blockquote><pre><code>x</code></pre><hr>';
    expect(sanitizeNoticeHtml(src).html).toBe(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p><ul><li>one</li></ul><ol start="3"><li>two</li></ol><blockquote>q</blockquote><pre><code>x</code></pre><hr />',
    );
  });

  it('opens links in a new window with rel=noopener, mailto allowed', () => {
    expect(sanitizeNoticeHtml('<a href="https://ok.example/a?b=1" target="_self" rel="opener">x</a>').html).toBe(
      '<a href="https://ok.example/a?b=1" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeNoticeHtml('<a href="mailto:a@b.example">m</a>').html).toContain('href="mailto:a@b.example"');
  });

  it("stores uploaded images without the viewer's code, behind any base URL or prefix (SPEC §7)", () => {
    const { html, fileIds } = sanitizeNoticeHtml(
      `<p><img src="https://mp.example/files${NoticePaths.getnoticefile}/${FILE}?code=abcdef0123" alt="a"><img src="${Paths.getfile}/${FILE}?code=x"><img src="/gateway/tenant/plat/file/get/other-1"></p>`,
    );
    expect(html).toBe(
      `<p><img alt="a" src="${NoticePaths.getnoticefile}/${FILE}" /><img src="${NoticePaths.getnoticefile}/${FILE}" /><img src="${NoticePaths.getnoticefile}/other-1" /></p>`,
    );
    expect(html).not.toContain('code=');
    expect(fileIds).toEqual([FILE, 'other-1']);
  });

  it('recognises only our file paths', () => {
    expect(fileIdOfSrc(`${Paths.getfile}/${FILE}`)).toBe(FILE);
    expect(fileIdOfSrc(`https://evil.example${Paths.getfile}/../x`)).toBeUndefined();
    expect(fileIdOfSrc('/other/file/get/abc')).toBeUndefined();
  });

  it('tells a blank body', () => {
    expect(isBlankHtml('<p> </p><p>&nbsp;</p>')).toBe(true);
    expect(isBlankHtml(`<img src="${NoticePaths.getnoticefile}/${FILE}" />`)).toBe(false);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
  });
});
