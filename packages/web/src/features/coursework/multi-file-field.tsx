import { useState } from 'react';
import { Button } from 'antd';
import { SUBMISSION_FILES_MAX } from '@summit/domain/coursework';
import type { UploadedFile } from '@summit/domain/uploader';
import { FileUploader } from '../../components/file-uploader.tsx';

/** Several files through the one-file uploader: each finished upload joins the list and the picker starts afresh. */
export function MultiFileField({ value, onChange, accept, maxSize, disabled }: { value: UploadedFile[]; onChange: (files: UploadedFile[]) => void; accept: readonly string[]; maxSize: string; disabled?: boolean }) {
  const [round, setRound] = useState(0);
  return (
    <div>
      {value.length > 0 ? (
        <ul className="cw-files" aria-label="已上传的文件">
          {value.map((f) => (
            <li key={f.url} className="cw-row">
              <span>📎 {f.name}</span>
              {disabled ? null : (
                <Button size="small" onClick={() => onChange(value.filter((x) => x.url !== f.url))}>
                  移除
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {!disabled && value.length < SUBMISSION_FILES_MAX ? (
        <FileUploader
          key={round}
          value={null}
          accept={accept}
          maxSize={maxSize}
          onChange={(file) => {
            if (!file) return;
            onChange([...value, file]);
            setRound(round + 1);
          }}
        />
      ) : null}
    </div>
  );
}
