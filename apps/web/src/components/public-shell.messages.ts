import { addMessages } from '../lib/messages';

const en = {
  publicSite: {
    nav: 'Site navigation',
    console: 'Console',
    rights: 'All rights reserved.',
    terms: 'Terms of service',
    contact: 'Contact us',
    kefu: 'Customer service',
    group: 'Community group',
    email: 'Email',
    noContact: 'No contact details have been published yet.',
  },
};

const zh: typeof en = {
  publicSite: {
    nav: '站点导航',
    console: '进入控制台',
    rights: '版权所有。',
    terms: '服务条款',
    contact: '联系我们',
    kefu: '在线客服',
    group: '交流群',
    email: '邮箱',
    noContact: '暂未公布联系方式。',
  },
};

addMessages({ en, zh });
