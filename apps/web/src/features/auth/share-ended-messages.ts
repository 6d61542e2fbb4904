import { addMessages } from '../../lib/messages';

const en = {
  shareEnded: {
    title: 'This share link is no longer valid',
    text: "The site's owner replaced or turned off this link. Ask the site's owner for a new link.",
  },
};

const zh: typeof en = {
  shareEnded: {
    title: '此分享链接已失效',
    text: '站点的所有者已更换或关闭了这个链接。请联系站点的所有者获取新的链接。',
  },
};

addMessages({ en, zh });
