import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { currentPlat } from '../../lib/platform.ts';
import { ResultPanel } from '../../components/result-panel.tsx';
import { allowedPdfSource, looksLikePdf, pdfFileName } from './pdf-source.ts';
import './pdf-viewer.css';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'refused' }
  | { kind: 'login' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; url: string; fileName: string };

/**
 * Phones' browsers (and WeChat's web-view) mostly cannot show a PDF inline: there the page offers 打开 and
 * 下载 instead of an empty frame. Touch-first small screens count as phones.
 */
function usePhoneLayout(): boolean {
  const query = '(max-width: 767px), (pointer: coarse) and (max-width: 1024px)';
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && Boolean(window.matchMedia?.(query).matches));
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    const onChange = () => setPhone(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return phone;
}

/** Fetches the file with this browser's login (the offer letter needs it), into a blob the frame can show. */
async function loadPdf(path: string, signal: AbortSignal): Promise<Loaded> {
  const headers: Record<string, string> = { 'x-plat': currentPlat() };
  const token = authStorage.currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { headers, signal, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { kind: 'failed', message: '网络错误，文件未能加载，请稍后重试。' };
  }
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const envelope = (await res.json().catch(() => null)) as { status?: unknown; msg?: unknown } | null;
    if (envelope?.status === 401) return { kind: 'login' };
    return { kind: 'failed', message: typeof envelope?.msg === 'string' && envelope.msg ? envelope.msg : '文件无法打开。' };
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (!res.ok || !(type.includes('application/pdf') || looksLikePdf(bytes))) return { kind: 'failed', message: '这个地址不是 PDF 文件，无法预览。' };
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  return { kind: 'ready', url, fileName: pdfFileName(res.headers.get('content-disposition'), path) };
}

/** /pdf/{src}: an in-app PDF viewer for one of this site's files (decision 028). */
export default function PdfViewerPage() {
  const params = useParams();
  const location = useLocation();
  const phone = usePhoneLayout();
  const raw = params['*'] ?? '';
  const path = allowedPdfSource(raw, window.location.origin);
  const [state, setState] = useState<Loaded>(path ? { kind: 'loading' } : { kind: 'refused' });

  useEffect(() => {
    if (!path) {
      setState({ kind: 'refused' });
      return;
    }
    setState({ kind: 'loading' });
    const controller = new AbortController();
    let objectUrl: string | null = null;
    loadPdf(path, controller.signal)
      .then((loaded) => {
        if (loaded.kind === 'ready') objectUrl = loaded.url;
        setState(loaded);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);

  const back = { label: '返回首页', to: PATHS.home };
  switch (state.kind) {
    case 'refused':
      return <ResultPanel kind="error" title="无法打开该文件" detail="这个链接指向的不是本站的文件，出于安全考虑不予打开。请从页面上的按钮重新打开文件。" actions={[back]} />;
    case 'login':
      return (
        <ResultPanel
          kind="error"
          title="请先登录"
          detail="这个文件需要登录后才能查看。"
          actions={[{ label: '登录', to: `${PATHS.login}?r=${encodeURIComponent(location.pathname + location.search)}`, primary: true }, back]}
        />
      );
    case 'failed':
      return <ResultPanel kind="error" title="文件打开失败" detail={state.message} actions={[back]} />;
    case 'loading':
      return <ResultPanel kind="waiting" title="正在打开文件…" />;
    case 'ready':
      return (
        <div className="page pdf-viewer">
          <header className="pdf-viewer__bar">
            <h1 className="pdf-viewer__name">{state.fileName}</h1>
            <div className="pdf-viewer__actions">
              <a className="pdf-viewer__button" href={state.url} target="_blank" rel="noopener">
                {phone ? '打开 PDF' : '在新窗口打开'}
              </a>
              <a className="pdf-viewer__button pdf-viewer__button--primary" href={state.url} download={state.fileName}>
                下载 PDF
              </a>
            </div>
          </header>
          {phone ? (
            <p className="pdf-viewer__phone-note">手机浏览器通常无法在页面内显示 PDF，请点击“打开 PDF”查看，或“下载 PDF”保存到手机。在微信中打开时，可点右上角“···”选择在浏览器打开。</p>
          ) : (
            <iframe className="pdf-viewer__frame" src={state.url} title={`PDF 预览：${state.fileName}`} />
          )}
        </div>
      );
  }
}
