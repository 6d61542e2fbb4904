import {
  FileOutlined,
  FileTextOutlined,
  FileZipOutlined,
  PlayCircleOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import type { FileItem, FileKind } from '@tally/contracts';
import { Image } from 'antd';
import type { ReactNode } from 'react';

const KIND_ICONS: Record<FileKind, ReactNode> = {
  image: <FileOutlined />,
  video: <PlayCircleOutlined />,
  audio: <SoundOutlined />,
  document: <FileTextOutlined />,
  archive: <FileZipOutlined />,
};

/** An image (click to preview) or the icon of the file's kind. */
export function FileThumb({ file, size }: { file: FileItem; size: number }) {
  if (file.kind === 'image') {
    return (
      <Image
        src={file.url}
        alt={file.name}
        width={size}
        height={size}
        className="file-thumb-image"
        data-testid="file-thumb"
      />
    );
  }
  return (
    <span className="file-thumb-icon" style={{ width: size, height: size, fontSize: size / 2.5 }}>
      {KIND_ICONS[file.kind]}
    </span>
  );
}
