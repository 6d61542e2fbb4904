import { addFeatureMessages } from '../../lib/feature-messages';
import './sites.css';
import { sitesEn } from './locales/en-US';
import { sitesZh } from './locales/zh-CN';

addFeatureMessages('siteAdmin', { en: sitesEn, zh: sitesZh });
