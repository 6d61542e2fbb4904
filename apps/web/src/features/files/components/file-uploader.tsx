import { InboxOutlined } from '@ant-design/icons';
import { FILES_API } from '@tally/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { formatBytes } from '../../../lib/formatters';
import { uploadRequest, useFileLimits } from '../../../lib/upload';
import { FILES_KEY } from '../api';

/** Drag-and-drop (or click) upload of several files, each with its own progress bar. */
export function FileUploader() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const limits = useFileLimits().data;
  const types = limits ? [...new Set(limits.types.map((type) => type.ext))] : [];
  const onUploaded = (file: { name: string }) => {
    void message.success(t('files.uploaded', { name: file.name }));
    void queryClient.invalidateQueries({ queryKey: FILES_KEY });
  };
  return (
    // A wrapper carries the test id: the dragger does not pass it on.
    <div data-testid="file-uploader">
      <Upload.Dragger
        multiple
        name="file"
        className="file-uploader"
        accept={types.map((ext) => `.${ext}`).join(',') || undefined}
        beforeUpload={(file) => {
          if (limits && file.size > limits.max_bytes) {
            void message.error(t('files.tooLarge', { name: file.name, max: formatBytes(limits.max_bytes) }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={uploadRequest(FILES_API.upload, onUploaded)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('files.drop')}</p>
        {limits && (
          <p className="ant-upload-hint">
            {t('files.dropHint', { max: formatBytes(limits.max_bytes), types: types.join(', ') })}
          </p>
        )}
      </Upload.Dragger>
    </div>
  );
}
