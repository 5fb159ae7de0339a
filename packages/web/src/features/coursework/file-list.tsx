import { Button } from 'antd';
import type { UploadedFile } from '@summit/domain/uploader';
import { downloadFile } from '../../lib/upload.ts';

/** Handed-in files: each downloads through the platform's checked file address (the reader's login is sent). */
export function FileList({ files }: { files: readonly UploadedFile[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="cw-files" aria-label="附件">
      {files.map((f) => (
        <li key={f.url}>
          <Button type="link" size="small" onClick={() => void downloadFile(f)} style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}>
            📎 {f.name}
          </Button>
        </li>
      ))}
    </ul>
  );
}
