import { addMessages } from '../../lib/messages';

const en = {
  imports: {
    title: 'Import history',
    site: 'Site',
    kind: 'From',
    kinds: { umami: 'Umami (CSV)', plausible: 'Plausible (export zip)', log: 'Access log' },
    kindsShort: { umami: 'Umami', plausible: 'Plausible', log: 'Access log' },
    hints: {
      umami:
        'The CSV exports of Umami’s website_event table and, optionally, its session table (browser, device and country of each visitor) and event_data table (custom events’ properties). Page views and custom events become visits in the visit log.',
      plausible:
        'The zip Plausible exports (Site settings → Imports & Exports): its daily figures are added to the reports, marked as imported.',
      log: 'A web server access log in the combined format (nginx, Apache), gzip accepted. Page views become visits; bots, static files and failed requests are skipped.',
    },
    drop: 'Click or drop files here',
    start: 'Import',
    uploading: 'Uploading {{percent}} %',
    started: 'Import started',
    duplicate: 'This file is already imported on this site: nothing changed',
    list: 'Imports',
    file: 'File',
    status: 'Status',
    statuses: { queued: 'Queued', running: 'Importing', done: 'Done', failed: 'Failed', undone: 'Undone' },
    progress: 'Progress',
    rows: 'Rows',
    rowsValue: '{{done}} / {{total}}',
    written: 'Stored',
    skipped: 'Skipped',
    errors: 'Refused',
    errorLine: 'Line {{line}}: {{message}}',
    created: 'Started',
    undo: 'Undo',
    undoConfirm: 'Delete everything this import wrote?',
    undone: 'Import undone',
    none: 'No imports yet',
    pickSite: 'Choose a site first',
  },
};

const zh: typeof en = {
  imports: {
    title: '导入历史',
    site: '站点',
    kind: '来源',
    kinds: { umami: 'Umami（CSV）', plausible: 'Plausible（导出 zip）', log: '访问日志' },
    kindsShort: { umami: 'Umami', plausible: 'Plausible', log: '访问日志' },
    hints: {
      umami:
        'Umami 的 website_event 表导出的 CSV，可同时附上 session 表（每位访客的浏览器、设备与国家）和 event_data 表（自定义事件的属性）。页面浏览与自定义事件会成为访问明细中的访问。',
      plausible:
        'Plausible 导出的 zip（站点设置 → Imports & Exports）：每日数据将计入各报表，并标记为导入数据。',
      log: 'combined 格式的 Web 服务器访问日志（nginx、Apache），支持 gzip。页面请求会成为访问；爬虫、静态文件与失败的请求会被跳过。',
    },
    drop: '点击或拖拽文件到此处',
    start: '开始导入',
    uploading: '上传中 {{percent}} %',
    started: '已开始导入',
    duplicate: '此文件已导入过本站点，未做任何更改',
    list: '导入记录',
    file: '文件',
    status: '状态',
    statuses: { queued: '排队中', running: '导入中', done: '已完成', failed: '失败', undone: '已撤销' },
    progress: '进度',
    rows: '行数',
    rowsValue: '{{done}} / {{total}}',
    written: '已导入',
    skipped: '已跳过',
    errors: '已拒绝',
    errorLine: '第 {{line}} 行：{{message}}',
    created: '开始时间',
    undo: '撤销',
    undoConfirm: '删除此次导入写入的全部数据？',
    undone: '已撤销导入',
    none: '暂无导入记录',
    pickSite: '请先选择站点',
  },
};

addMessages({ en, zh });
