import { ColumnHeightOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIZES, type Size, useAppStore } from '../stores/app';

export function SizeSelect() {
  const { t } = useTranslation();
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((key) => ({ key, label: t(`size.${key}`) })),
        onClick: ({ key }) => setSize(key as Size),
      }}
    >
      <Button
        type="text"
        icon={<ColumnHeightOutlined />}
        aria-label={t('navbar.size')}
        data-testid="size-select"
      />
    </Dropdown>
  );
}
