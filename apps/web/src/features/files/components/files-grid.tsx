import type { FileItem } from '@tally/contracts';
import { Image } from 'antd';
import { formatBytes } from '../../../lib/formatters';
import { FileActions } from './file-actions';
import { FileThumb } from './file-thumb';

interface Props {
  files: FileItem[];
  onDelete(id: number): void;
}

/** Cards with a preview; images of the page share one preview gallery. */
export function FilesGrid({ files, onDelete }: Props) {
  return (
    <Image.PreviewGroup>
      <div className="files-grid" data-testid="files-grid">
        {files.map((file) => (
          <div key={file.id} className="file-card" data-testid="file-card">
            <div className="file-card-thumb">
              <FileThumb file={file} size={120} />
            </div>
            <div className="file-card-name" title={file.name}>
              {file.name}
            </div>
            <div className="file-card-meta">
              {formatBytes(file.size)}
              {file.width && file.height ? ` · ${file.width}×${file.height}` : ''}
            </div>
            <FileActions file={file} onDelete={onDelete} />
          </div>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
