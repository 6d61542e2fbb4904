import './messages';
import { UploadOutlined } from '@ant-design/icons';
import { FILES_API, type FileItem } from '@tally/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Modal, Spin, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../lib/feedback';
import { formatBytes } from '../../lib/formatters';
import { uploadRequest, useFileLimits } from '../../lib/upload';
import { ListPagination } from '../list-pagination';
import { IMAGES_KEY, useImages } from './get-images';

const PAGE_SIZE = 12;

interface Props {
  open: boolean;
  onClose(): void;
  onPick(file: FileItem): void;
}

/** Uploaded images to choose from, with search, paging and an upload button. */
export function ImagePickerModal({ open, onClose, onPick }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const images = useImages({ page, limit: PAGE_SIZE, keyword: keyword || undefined }, open);
  const limits = useFileLimits();
  const maxBytes = limits.data?.max_bytes;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: IMAGES_KEY });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('imagePicker.title')}
      width={760}
      destroyOnHidden
    >
      <div className="picker-toolbar">
        <Input.Search
          allowClear
          placeholder={t('imagePicker.search')}
          aria-label={t('imagePicker.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
        <Upload
          multiple
          accept="image/*"
          showUploadList={false}
          beforeUpload={(file) => {
            if (maxBytes && file.size > maxBytes) {
              void message.error(t('imagePicker.tooLarge', { name: file.name, max: formatBytes(maxBytes) }));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={uploadRequest(FILES_API.uploadImage, refresh)}
        >
          <Button icon={<UploadOutlined />}>{t('imagePicker.upload')}</Button>
        </Upload>
      </div>
      <Spin spinning={images.isFetching}>
        {images.data && images.data.list.length > 0 ? (
          <div className="picker-grid" data-testid="image-picker-grid">
            {images.data.list.map((file) => (
              <button
                type="button"
                key={file.id}
                className="picker-item"
                title={file.name}
                onClick={() => {
                  onPick(file);
                  onClose();
                }}
              >
                <img src={file.url} alt={file.name} loading="lazy" />
                <span className="picker-name">{file.name}</span>
              </button>
            ))}
          </div>
        ) : (
          <Empty description={t('imagePicker.empty')} className="picker-empty" />
        )}
      </Spin>
      <ListPagination
        page={page}
        pageSize={PAGE_SIZE}
        total={images.data?.total}
        onChange={setPage}
        size="small"
      />
    </Modal>
  );
}
