import { addMessages } from '../../lib/messages';
import './sites.css';
import { sitesEn } from './locales/en-US';
import { sitesZh } from './locales/zh-CN';

addMessages({ en: { siteAdmin: sitesEn }, zh: { siteAdmin: sitesZh } });
