import type { AreaMessages } from './area.js';

/** Files (素材) and articles with their categories (files.ts, articles.ts, modules/files, modules/articles). */
export const filesArticlesMessages: AreaMessages = {
  area: 'files-articles',
  fixed: {
    'digits only, 1 to 62': '只能是 1 到 62 位数字',
    'no such category': '分类不存在',
    'a category with this name exists': '已有同名分类',
    'choose at least one file': '请至少选择一个文件',
    'malformed multipart/form-data body': 'multipart/form-data 请求体格式错误',
    'send multipart/form-data with one or more "file" parts':
      '请以 multipart/form-data 上传一个或多个 "file" 部分',
    'Article not found': '文章不存在',
    'Category not found': '分类不存在',
  },
  patterns: [
    [/^at most (\d+) files at once$/, (n) => `一次最多上传 ${n} 个文件`],
    [/^(.+): larger than (.+)$/, (name, size) => `${name}：超过 ${size}`],
    [/^(.+) is larger than the upload limit of (.+)$/, (name, size) => `${name} 超过了上传上限 ${size}`],
    [
      /^(.+): the content is not an image \(PNG, JPEG, GIF, WebP, AVIF, BMP\)$/,
      (name) => `${name}：内容不是图片（PNG、JPEG、GIF、WebP、AVIF、BMP）`,
    ],
    [/^(.+): the content is not an accepted type$/, (name) => `${name}：不支持的文件类型`],
  ],
  fields: {
    file: { zh: '文件', en: 'File' },
    confirm: { zh: '确认', en: 'Confirmation' },
    title: { zh: '标题', en: 'Title' },
    summary: { zh: '摘要', en: 'Summary' },
    cover: { zh: '封面', en: 'Cover' },
    content: { zh: '内容', en: 'Content' },
    category_id: { zh: '分类', en: 'Category' },
    pinned: { zh: '置顶', en: 'Pinned' },
    publish_at: { zh: '发布时间', en: 'Publish time' },
  },
};
