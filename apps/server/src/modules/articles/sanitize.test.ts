import { describe, expect, it } from 'vitest';
import { plainTextOf, sanitizeArticleHtml } from './sanitize.js';

/** Markup as TipTap's StarterKit, Link, Image, TextAlign and Table extensions write it. */
const TIPTAP = [
  '<h2 style="text-align: center">Title</h2>',
  '<p>Plain <strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s> <code>x</code><br>next</p>',
  '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol>',
  '<blockquote><p>quote</p></blockquote><hr>',
  '<pre><code class="language-js">let a = 1;</code></pre>',
  '<p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">link</a></p>',
  '<p><a href="/articles">inside</a> <a href="mailto:a@b.test">mail</a></p>',
  '<img src="/uploads/0123456789abcdef0123456789abcdef.png" alt="pic" title="t">',
  '<table><colgroup><col style="min-width: 25px"></colgroup><tbody><tr><th colspan="1" rowspan="1"><p>h</p></th></tr><tr><td colspan="1" rowspan="1"><p>c</p></td></tr></tbody></table>',
].join('');

describe('article HTML sanitiser', () => {
  it('keeps what the editor writes', () => {
    const out = sanitizeArticleHtml(TIPTAP);
    for (const kept of [
      '<h2 style="text-align:center">Title</h2>',
      '<strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s> <code>x</code><br />next',
      '<ol start="3">',
      '<blockquote><p>quote</p></blockquote><hr />',
      '<code class="language-js">let a = 1;</code>',
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">link</a>',
      '<a href="/articles">inside</a>',
      '<a href="mailto:a@b.test">mail</a>',
      '<img src="/uploads/0123456789abcdef0123456789abcdef.png" alt="pic" title="t" />',
      '<col style="min-width:25px" />',
      '<th colspan="1" rowspan="1"><p>h</p></th>',
    ])
      expect(out).toContain(kept);
  });

  it('drops scripts, handlers, foreign styles and classes, and script or data URLs', () => {
    const out = sanitizeArticleHtml(
      '<p class="evil" style="position:fixed" onmouseover="x()">a</p><script>b()</script>' +
        '<a href="data:text/html,<script>c()</script>">d</a><img src="data:image/png;base64,AAAA">' +
        '<a href="vbscript:e">f</a><a href="/x" target="_top">g</a><object data="x"></object><math><mi>h</mi></math>',
    );
    expect(out).toBe('<p>a</p><a>d</a><a>f</a><a href="/x">g</a>h');
  });

  it('turns HTML into a short plain-text summary', () => {
    expect(plainTextOf('<p>One &amp; two</p><p>three&nbsp;four</p>', 200)).toBe('One & two three four');
    expect(plainTextOf('<p>&amp;lt;b&amp;gt;</p>', 200)).toBe('&lt;b&gt;');
    expect(plainTextOf(`<p>${'x'.repeat(300)}</p>`, 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
