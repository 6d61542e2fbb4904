import type { APIRequestContext } from '@playwright/test';
import { apiContext, call, loginToken } from './api';
import { pngFile } from './images';

interface Stored {
  id: number;
  url: string;
}

async function upload(ctx: APIRequestContext, name: string, hue: number): Promise<Stored> {
  const response = await ctx.post('/api/v1/admin/files/upload', { multipart: { file: pngFile(name, hue) } });
  const body = (await response.json()) as { code: number; data: { list: Stored[] } };
  if (!response.ok() || body.code !== 200) throw new Error(`upload ${name}: ${JSON.stringify(body)}`);
  return body.data.list[0]!;
}

export interface SampleContent {
  articleId: number;
  images: Stored[];
}

/** Images, a category and a published article with a cover, as the admin, for pages to show. */
export async function seedSampleContent(): Promise<SampleContent> {
  const ctx = await apiContext(await loginToken('admin'));
  try {
    const images = [];
    for (const [i, name] of ['cover-analytics.png', 'banner-home.png', 'chart-sample.png'].entries()) {
      images.push(await upload(ctx, name, i * 70));
    }
    const category = await call<{ id: number }>(ctx, 'POST', '/api/v1/admin/article_category/save', {
      name: '使用指南',
      sort: 0,
    });
    await call(ctx, 'POST', '/api/v1/admin/article/save', {
      title: '统计数据多久更新一次？',
      summary: '实时概况每分钟刷新，日报表在次日凌晨生成。',
      status: 'published',
      category_id: category.id,
      content: '<p>实时数据每分钟刷新。</p>',
    });
    const article = await call<{ id: number }>(ctx, 'POST', '/api/v1/admin/article/save', {
      title: '三分钟装好统计代码：从添加站点到看到第一份报表',
      summary: '添加站点、复制统计代码、粘贴到网页，然后在站点概况里看到实时访客。',
      cover: images[0]!.url,
      status: 'published',
      pinned: true,
      category_id: category.id,
      content: [
        '<h2>第一步：添加站点</h2>',
        '<p>在<strong>站点列表</strong>中点击「添加站点」，填写名称和域名。</p>',
        '<h2>第二步：粘贴统计代码</h2>',
        '<ul><li>复制页面上的 <code>&lt;script&gt;</code> 代码</li><li>粘贴到网站每个页面的 &lt;/body&gt; 之前</li></ul>',
        `<p><img src="${images[2]!.url}" alt="chart"></p>`,
        '<blockquote>几分钟后，站点概况里就会出现第一批访客。</blockquote>',
        '<p>更多问题请阅读<a href="/service">服务条款</a>。</p>',
      ].join(''),
    });
    return { articleId: article.id, images };
  } finally {
    await ctx.dispose();
  }
}
