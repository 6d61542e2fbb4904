import './messages';
import { PictureOutlined } from '@ant-design/icons';
import { isImageSource } from '@tally/contracts';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePickerModal } from './image-picker-modal';

interface Props {
  value?: string;
  onChange?(value: string): void;
  testId?: string;
}

/** A form control for an image address: typed, or chosen from the uploaded files, with a preview. */
export function ImageInput({ value = '', onChange, testId }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="image-input">
      <Space.Compact block>
        <Input
          value={value}
          allowClear
          placeholder={t('imagePicker.urlPlaceholder')}
          onChange={(event) => onChange?.(event.target.value)}
          data-testid={testId}
        />
        <Button
          icon={<PictureOutlined />}
          onClick={() => setOpen(true)}
          data-testid={testId && `${testId}-choose`}
        >
          {t('imagePicker.choose')}
        </Button>
      </Space.Compact>
      {value && isImageSource(value) && <img className="image-input-preview" src={value} alt="" />}
      <ImagePickerModal open={open} onClose={() => setOpen(false)} onPick={(file) => onChange?.(file.url)} />
    </div>
  );
}
