import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { flattenMenu } from '../app/menu';
import { useRouteTitle } from '../lib/route-title';
import { useAppStore } from '../stores/app';
import { usePageStyleStore } from '../stores/page-style';
import { useMenu } from './use-menu';
import { usePinyinIndex } from './use-pinyin-index';

interface Option {
  value: string;
  label: string;
  /** Lower-case text the query is matched against: title (shown and seed), path and, in Chinese, pinyin. */
  haystack: string;
}

/** Header menu search by title, path and (Chinese UI with the setting on) pinyin. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entries = useMenu();
  const pinyinSetting = usePageStyleStore((s) => s.supportPinyinSearch);
  const language = useAppStore((s) => s.language);
  const withPinyin = pinyinSetting && language === 'zh';
  const routeTitle = useRouteTitle();
  const leaves = useMemo(() => flattenMenu(entries), [entries]);
  const pinyinIndex = usePinyinIndex(
    leaves.map((e) => e.title),
    withPinyin,
  );
  const options = useMemo<Option[]>(
    () =>
      leaves.map((e) => {
        const spoken = pinyinIndex?.[e.title] ?? '';
        const label = routeTitle(e.title);
        return {
          value: e.path,
          label,
          haystack: `${label} ${label.replace(/\s+/g, '')} ${e.title} ${e.path} ${spoken}`.toLowerCase(),
        };
      }),
    [leaves, pinyinIndex, routeTitle],
  );
  return (
    <Select<string, Option>
      showSearch={{
        filterOption: (input, option) =>
          (option?.haystack ?? '').includes(input.toLowerCase().replace(/\s+/g, '')),
      }}
      className="header-search"
      placeholder={t('navbar.search')}
      aria-label={t('navbar.search')}
      suffixIcon={<SearchOutlined />}
      options={options}
      value={null}
      onChange={(path) => navigate(path)}
      popupMatchSelectWidth={220}
      data-testid="header-search"
    />
  );
}
