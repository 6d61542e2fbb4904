import { describe, expect, it } from 'vitest';
import { cleanHtml, editorValue, plainTextHtml } from './clean-html';

describe("the editor's HTML", () => {
  it('turns what execCommand writes into the stored subset', () => {
    expect(
      editorValue('first<p><b>bold</b> <i>it</i> <strike>gone</strike> <u>under</u></p><div>line<br></div>'),
    ).toBe('<p>first</p><p><strong>bold</strong> <em>it</em> <s>gone</s> <u>under</u></p><p>line</p>');
  });

  it("reads the browser's lone &nbsp; as a space and keeps double spaces", () => {
    expect(editorValue('<p><b>a</b>&nbsp;<i>b</i>&nbsp;c&nbsp; d&nbsp;</p>')).toBe(
      '<p><strong>a</strong> <em>b</em> c&nbsp; d </p>',
    );
  });

  it('is empty when nothing but the blank paragraph is left', () => {
    for (const blank of ['', '<p><br></p>', '<br>', '<ul><li><br></li></ul>', '<p> </p><p></p>'])
      expect(editorValue(blank), blank).toBe('');
    expect(editorValue('<p><img src="/uploads/a.png" alt="a"></p>')).toBe(
      '<p><img src="/uploads/a.png" alt="a"></p>',
    );
  });

  it('keeps headings 2–3, lists, quotes, code blocks and rules', () => {
    expect(
      editorValue(
        '<h1>T</h1><h4>S</h4><ul><li>a</li><ul><li>b</li></ul></ul><ol><li><p>c</p></li></ol>' +
          '<blockquote>q<b>!</b></blockquote><pre><b>x</b><br>&lt;y&gt;<br></pre><hr>',
      ),
    ).toBe(
      '<h2>T</h2><h3>S</h3><ul><li>a<ul><li>b</li></ul></li></ul><ol><li>c</li></ol>' +
        '<blockquote><p>q<strong>!</strong></p></blockquote><pre><code>x\n&lt;y&gt;</code></pre><hr>',
    );
  });

  it('keeps safe links only, opening in a new tab without the opener', () => {
    expect(editorValue('<p><a href="https://a.example/x" style="color:red" onclick="x()">a</a></p>')).toBe(
      '<p><a href="https://a.example/x" target="_blank" rel="noopener noreferrer nofollow">a</a></p>',
    );
    expect(editorValue('<p><a href="javascript:alert(1)">b</a> <a href="//evil.example">c</a></p>')).toBe(
      '<p>b c</p>',
    );
  });
});

describe('pasted HTML', () => {
  it('loses scripts, styles, classes, handlers and foreign elements', () => {
    const pasted =
      '<html><head><style>p{color:red}</style></head><body><!--StartFragment-->' +
      '<p class="x" style="font-size:30px" onmouseover="steal()">Hi <span style="color:red">there</span></p>' +
      '<script>steal()</script><iframe src="https://evil.example"></iframe>' +
      '<img src="data:image/png;base64,AAAA" onerror="steal()"><img src="javascript:x">' +
      '<table><tr><td>cell 1</td><td>cell 2</td></tr></table><!--EndFragment--></body></html>';
    expect(cleanHtml(pasted)).toBe('<p>Hi there</p><p>cell 1</p><p>cell 2</p>');
  });

  it("reads office documents' styled spans as marks, and Google Docs' outer <b> as none", () => {
    const docs =
      '<b style="font-weight:normal" id="docs-internal-guid-1"><p><span style="font-weight:700">B</span>' +
      '<span style="font-style:italic">I</span><span style="text-decoration:underline line-through">U</span>' +
      '</p><p>plain</p></b>';
    expect(cleanHtml(docs)).toBe('<p><strong>B</strong><em>I</em><u><s>U</s></u></p><p>plain</p>');
  });

  it('keeps a bold run across paragraphs and joins split runs', () => {
    expect(cleanHtml('<b><p>a</p><p>b<b>c</b></p></b><p><i>x</i><i>y</i></p>')).toBe(
      '<p><strong>a</strong></p><p><strong>bc</strong></p><p><em>xy</em></p>',
    );
  });

  it('turns plain text into a paragraph per line, escaped', () => {
    expect(plainTextHtml('one <b>\r\n\r\ntwo & three\n')).toBe('<p>one &lt;b&gt;</p><p>two &amp; three</p>');
  });
});
