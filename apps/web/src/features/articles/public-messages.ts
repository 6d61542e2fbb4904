import { addMessages } from '../../lib/messages';
import './articles.css';

const en = {
  articlesPublic: {
    title: 'Articles',
    description: 'News, guides and announcements.',
    all: 'All',
    empty: 'No articles yet',
    pinned: 'Pinned',
    views_one: '{{count}} view',
    views: '{{count}} views',
    back: 'All articles',
    notFound: 'Article not found',
    notFoundText: 'It may have been removed or not published yet.',
    categories: 'Categories',
  },
};

const zh: typeof en = {
  articlesPublic: {
    title: '文章',
    description: '新闻、使用指南与公告。',
    all: '全部',
    empty: '暂无文章',
    pinned: '置顶',
    views_one: '{{count}} 次阅读',
    views: '{{count}} 次阅读',
    back: '全部文章',
    notFound: '文章不存在',
    notFoundText: '它可能已被删除或尚未发布。',
    categories: '分类',
  },
};

addMessages({ en, zh });
