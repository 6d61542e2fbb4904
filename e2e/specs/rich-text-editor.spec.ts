import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** A paste as the browser fires it, with the clipboard's HTML and text. */
async function paste(page: Page, html: string, text: string) {
  await page
    .getByTestId('rich-text-content')
    .getByRole('textbox')
    .evaluate(
      (el, data) => {
        const transfer = new DataTransfer();
        transfer.setData('text/html', data.html);
        transfer.setData('text/plain', data.text);
        el.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
      },
      { html, text },
    );
}

test('the article editor formats, links, pastes clean HTML and saves the allowed subset', async ({
  page,
  signIn,
}) => {
  test.slow();
  await signIn('editor');
  await page.goto('/admin/contentcreate');
  await page.getByTestId('article-title').fill(`Editor ${randomInt(10000, 99999)}`);
  const body = page.getByTestId('rich-text-content').getByRole('textbox');
  const toolbar = page.getByRole('toolbar', { name: '正文' });
  const button = (name: string) => toolbar.getByRole('button', { name, exact: true });

  // Empty: the placeholder shows; it goes with the first letter.
  await expect(body).toHaveAttribute('data-blank', 'true');
  await expect(body).toHaveAttribute('aria-placeholder', '开始撰写文章…');
  await body.click();
  await button('标题').click();
  await page.keyboard.type('Setup');
  await expect(body).not.toHaveAttribute('data-blank', 'true');
  await expect(button('标题')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(button('标题')).toHaveAttribute('aria-pressed', 'false');

  // Marks by keyboard and by button; the buttons show the state at the caret.
  await page.keyboard.type('Plain ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('bold');
  await expect(button('加粗')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' ');
  await button('斜体').click();
  await page.keyboard.type('italic');
  await button('斜体').click();
  await page.keyboard.press('ControlOrMeta+u');
  await page.keyboard.type(' under');
  await page.keyboard.press('ControlOrMeta+u');
  await button('删除线').click();
  await page.keyboard.type(' struck');
  await button('删除线').click();

  // A list, left with a second Enter.
  await page.keyboard.press('Enter');
  await button('无序列表').click();
  await page.keyboard.type('one');
  await expect(button('无序列表')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.type('two');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  // A code block keeps its lines and is left with Enter on an empty last line.
  await button('代码块').click();
  await page.keyboard.type('let a = 1;');
  await page.keyboard.press('Enter');
  await page.keyboard.type('a < 2');
  await expect(button('代码块')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(button('代码块')).toHaveAttribute('aria-pressed', 'false');

  // A quote, then a link on the quoted word (an unsafe address is refused).
  await button('引用').click();
  await page.keyboard.type('quoted');
  await expect(button('引用')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Shift+Home');
  await button('链接').click();
  const address = page.getByRole('textbox', { name: /链接地址/ });
  await address.fill('javascript:alert(1)');
  await expect(page.getByRole('button', { name: 'OK' })).toBeDisabled();
  await address.fill('https://example.com/docs');
  await address.press('Enter');
  await expect(body.locator('a')).toHaveAttribute('href', 'https://example.com/docs');
  await expect(button('链接')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('End');
  await button('引用').click();
  await expect(button('引用')).toHaveAttribute('aria-pressed', 'false');

  // Undo and redo.
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await button('撤销').click();
  await expect(body).not.toContainText('quoted!');
  await button('重做').click();
  await expect(body).toContainText('quoted!');

  // A paste brings its text and allowed marks, never its styles, scripts or handlers.
  await page.keyboard.press('Enter');
  await paste(
    page,
    '<style>p{color:red}</style><p class="x" style="font-size:40px" onclick="alert(1)">Pasted <b>strong</b>' +
      ' <span style="color:red">red</span><img src="x" onerror="alert(1)"></p><script>alert(1)</script>',
    'Pasted strong red',
  );
  await expect(body.locator('[style], [class], [onclick], [onerror], script, style')).toHaveCount(0);
  await expect(body).toContainText('Pasted strong red');
  await button('分隔线').click();

  const saved = page.waitForRequest((r) => r.url().includes('/api/v1/admin/article/save'));
  await page.getByTestId('article-save').click();
  const content = ((await saved).postDataJSON() as { content: string }).content;
  expect(content).toBe(
    '<h2>Setup</h2><p>Plain <strong>bold</strong> <em>italic</em><u> under</u><s> struck</s></p>' +
      '<ul><li>one</li><li>two</li></ul><pre><code>let a = 1;\na &lt; 2</code></pre>' +
      '<p><a href="https://example.com/docs" target="_blank" rel="noopener noreferrer nofollow">quoted</a>!</p>' +
      '<p>Pasted <strong>strong</strong> red</p><hr>',
  );
  await expect(page.getByText('文章已保存')).toBeVisible();
});
