import { addFeatureMessages } from '../../lib/feature-messages';
import './reports.css';
import { reportsEn } from './locales/en-US';
import { reportsZh } from './locales/zh-CN';

addFeatureMessages('reports', { en: reportsEn, zh: reportsZh });
