import { addMessages } from '../../lib/messages';
import './image-picker.css';

const en = {
  imagePicker: {
    title: 'Choose an image',
    choose: 'Choose',
    clear: 'Clear',
    search: 'Search by name',
    upload: 'Upload images',
    empty: 'No images yet: upload one',
    tooLarge: '{{name}} is larger than {{max}}',
    urlPlaceholder: '/uploads/… or https://…',
  },
};

const zh: typeof en = {
  imagePicker: {
    title: '选择图片',
    choose: '选择',
    clear: '清除',
    search: '按名称搜索',
    upload: '上传图片',
    empty: '暂无图片，请先上传',
    tooLarge: '{{name}} 超过 {{max}}',
    urlPlaceholder: '/uploads/… 或 https://…',
  },
};

addMessages({ en, zh });
