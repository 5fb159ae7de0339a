import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { fileExtensionOf } from '@summit/domain/api/storage';
import { MISSION_IMAGE_EXTENSIONS } from '@summit/domain/mission-x';
import type { UploadedFile } from '@summit/domain/uploader';
import { authStorage } from '../../lib/auth-storage.ts';
import { currentPlat } from '../../lib/platform.ts';
import { downloadFile } from '../../lib/upload.ts';

const isImage = (f: UploadedFile) => (MISSION_IMAGE_EXTENSIONS as readonly string[]).includes(fileExtensionOf(f.url));

/**
 * A handed-in picture, shown small. The file address needs the reader's bearer token, which an <img src> cannot
 * send: it is fetched (following a remote bucket's redirect) and shown from a blob: URL (allowed by the CSP's img-src).
 */
function Thumbnail({ file }: { file: UploadedFile }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let href: string | null = null;
    const headers: Record<string, string> = { 'x-plat': currentPlat() };
    const token = authStorage.currentToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    fetch(encodeURI(file.url), { headers, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        href = URL.createObjectURL(await res.blob());
        setSrc(href);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (href) URL.revokeObjectURL(href);
    };
  }, [file.url]);
  if (failed) return null;
  return src ? <img className="mx-thumb" src={src} alt={file.name} /> : <span className="mx-thumb mx-thumb--loading" aria-hidden="true" />;
}

/** The files and video link of a hand-in: pictures shown small, every file downloadable by its name. */
export function HandInFiles({ files, videoUrl }: { files: readonly UploadedFile[]; videoUrl: string }) {
  if (files.length === 0 && !videoUrl) return null;
  return (
    <ul className="mx-attachments" aria-label="提交的图片和视频">
      {files.map((f) => (
        <li key={f.url}>
          {isImage(f) ? <Thumbnail file={f} /> : null}
          <Button type="link" size="small" className="mx-link" onClick={() => void downloadFile(f)}>
            下载 {f.name}
          </Button>
        </li>
      ))}
      {videoUrl ? (
        <li>
          <a className="mx-link" href={videoUrl} target="_blank" rel="noopener noreferrer nofollow">
            打开视频链接
          </a>
        </li>
      ) : null}
    </ul>
  );
}
