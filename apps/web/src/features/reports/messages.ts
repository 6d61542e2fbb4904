import { addMessages } from '../../lib/messages';
import './reports.css';
import { reportsEn } from './locales/en-US';
import { reportsZh } from './locales/zh-CN';

addMessages({ en: { reports: reportsEn }, zh: { reports: reportsZh } });
