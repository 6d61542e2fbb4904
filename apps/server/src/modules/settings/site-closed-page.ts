import type { PublicSettings } from '@tally/contracts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The filing page a closed site sends visitors to (/beian.html). Rendered by the server so it never
 * depends on the app, and so it shows the current title; everything admin-set in it is escaped.
 */
export function siteClosedPage(set: Pick<PublicSettings, 'webtitle' | 'email'>): string {
  const title = escapeHtml(set.webtitle);
  const contact = set.email
    ? `<p class="contact">联系 / Contact: <a href="mailto:${escapeHtml(set.email)}">${escapeHtml(set.email)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f5f7fa;color:#303133;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif}
main{max-width:480px;margin:24px;padding:40px 32px;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08);text-align:center}
h1{font-size:22px;margin:0 0 16px}
p{line-height:1.7;margin:8px 0;color:#606266}
a{color:#409eff}
.admin{margin-top:24px;font-size:13px}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>站点维护中，暂时关闭，请稍后再来。</p>
<p lang="en">This site is closed for maintenance. Please come back later.</p>
${contact}
<p class="admin"><a href="/login">管理员登录 / Admin sign-in</a></p>
</main>
</body>
</html>
`;
}
