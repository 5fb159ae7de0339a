import { useEffect, useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import type { TalentKind } from '@summit/domain/talent-show';
import { authStorage } from '../../lib/auth-storage.ts';
import { currentPlat } from '../../lib/platform.ts';
import { kindLabel } from './talent-show-format.ts';

/**
 * An entry's picture. Its address needs the session's bearer token, which an <img src> cannot send, so the
 * picture is fetched and shown from a blob: address (the page's CSP allows blob: images). A picture that cannot
 * be read shows the entry's kind instead of a broken image.
 */
export function EntryPicture({ url, alt, kind, className }: { url: string | null; alt: string; kind: TalentKind; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!url) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setFailed(false);
    const token = authStorage.currentToken();
    fetch(url, { headers: { 'x-plat': currentPlat(), ...(token ? { Authorization: `Bearer ${token}` } : {}) }, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        objectUrl = URL.createObjectURL(await res.blob());
        setSrc(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  if (url && src && !failed) return <img className={`ts-picture ${className ?? ''}`} src={src} alt={alt} loading="lazy" />;
  return (
    <div className={`ts-picture ts-picture--empty ${className ?? ''}`} role="img" aria-label={`${alt}（${kindLabel(kind)}）`} aria-busy={Boolean(url && !failed)}>
      <PictureOutlined aria-hidden />
      <span aria-hidden>{kindLabel(kind)}</span>
    </div>
  );
}
