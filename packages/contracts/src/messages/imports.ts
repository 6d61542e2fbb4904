import type { AreaMessages } from './area.js';

/** History imports (imports.ts, modules/imports). */
export const importsMessages: AreaMessages = {
  area: 'imports',
  fixed: {
    'import not found': '导入记录不存在',
    'send multipart/form-data with site_id, kind and one or more "file" parts':
      '请以 multipart/form-data 上传 site_id、kind 和一个或多个 file',
    'choose umami, plausible or log': '请选择 umami、plausible 或 log',
    'an Umami import needs the website_event CSV': 'Umami 导入需要 website_event 表的 CSV',
    'a Plausible import needs its export zip (imported_*.csv files)':
      'Plausible 导入需要其导出的 zip 文件（包含 imported_*.csv）',
    'the file is empty': '文件为空',
    'this import is still running': '导入仍在进行中',
    'already undone': '已撤销',
    'not a gzip file, or a damaged one': '不是 gzip 文件，或文件已损坏',
    'not a zip file, or a damaged one': '不是 zip 文件，或文件已损坏',
    'no line of the file is in the combined log format': '文件中没有一行符合 combined 日志格式',
  },
  patterns: [
    [/^missing column (.+) in (.+)$/, (column, file) => `${file} 缺少列 ${column}`],
    [/^line (\d+): (.+)$/, (line, rest) => `第 ${line} 行：${rest}`],
    [
      /^the import holds (\d+) rows; your plan allows (\d+) more imported rows$/,
      (rows, left) => `导入包含 ${rows} 行，您的套餐还可导入 ${left} 行`,
    ],
    [/^files over (\S+) MiB are refused$/, (mb) => `超过 ${mb} MiB 的文件不予接受`],
  ],
};
