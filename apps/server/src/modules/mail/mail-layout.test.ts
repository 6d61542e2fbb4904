import { describe, expect, it } from 'vitest';
import { escapeHtml, mailHtml, mailText } from './mail-layout.js';

describe('mail layout', () => {
  it('escapes the five characters of HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('links http(s) addresses only, without the punctuation after them', () => {
    const html = mailHtml('T', {
      to: 'a@b.test',
      subject: 's',
      sections: [{ text: '看这里：https://t.test/x?a=1&b=2。\njavascript:alert(1) and https://t.test/y.' }],
    });
    expect(html).toContain('<a href="https://t.test/x?a=1&amp;b=2" style="color:#409EFF;">');
    expect(html).toContain('</a>。<br>javascript:alert(1) and <a href="https://t.test/y"');
    expect(html).not.toContain('href="javascript');
  });

  it('the text part: the code first, named in the mail’s languages, and the title as its signature', () => {
    const content = { to: 'a@b.test', subject: 's', code: '123456' };
    expect(mailText('站点', { ...content, sections: [{ lang: 'en', text: 'Enter the code above.' }] })).toBe(
      'Code: 123456\n\nEnter the code above.\n\n-- \n站点\n',
    );
    expect(
      mailText('站点', {
        ...content,
        sections: [
          { lang: 'zh', text: '请输入上面的验证码。' },
          { lang: 'en', text: 'Enter the code above.' },
        ],
      }),
    ).toMatch(/^验证码 \/ Code: 123456\n/);
  });
});
