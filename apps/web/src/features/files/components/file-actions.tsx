import { CopyOutlined, DeleteOutlined, ExportOutlined } from '@ant-design/icons';
import type { FileItem } from '@tally/contracts';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/icon-action';
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
      <IconAction title={t('files.copy')} icon={<CopyOutlined />} onClick={() => copy(file.url)} />
      <IconAction title={t('files.open')} icon={<ExportOutlined />} href={file.url} />
      <IconAction
        title={t('files.delete')}
        icon={<DeleteOutlined />}
        danger
        onClick={() => onDelete(file.id)}
        testId="file-delete"
      />
    </Space>
  );
}
