import { CopyOutlined, DeleteOutlined, ExportOutlined } from '@ant-design/icons';
import type { FileItem } from '@tally/contracts';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopyUrl } from './use-copy-url';

interface Props {
  file: FileItem;
  onDelete(id: number): void;
}

/** Copy the address, open the file in a new tab, delete. */
export function FileActions({ file, onDelete }: Props) {
  const { t } = useTranslation();
  const copy = useCopyUrl();
  return (
    <Space size={0}>
      <Tooltip title={t('files.copy')}>
        <Button
          type="text"
          icon={<CopyOutlined />}
          aria-label={t('files.copy')}
          onClick={() => copy(file.url)}
        />
      </Tooltip>
      <Tooltip title={t('files.open')}>
        <Button
          type="text"
          icon={<ExportOutlined />}
          aria-label={t('files.open')}
          href={file.url}
          target="_blank"
          rel="noopener noreferrer"
        />
      </Tooltip>
      <Tooltip title={t('files.delete')}>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('files.delete')}
          onClick={() => onDelete(file.id)}
          data-testid="file-delete"
        />
      </Tooltip>
    </Space>
  );
}
