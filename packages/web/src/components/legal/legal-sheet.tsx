import { Drawer, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { LegalDocument, type LegalText } from './legal-document.tsx';

export type LegalDoc = 'agreement' | 'privacy';

const TITLES: Record<LegalDoc, string> = { agreement: '用户协议', privacy: '隐私政策' };

// The texts (about 10 KB gzipped together) are fetched when a sheet opens, not with the form that links them.
const loaders: Record<LegalDoc, () => Promise<LegalText>> = {
  agreement: () => import('./agreement-text.ts').then((m) => m.AGREEMENT_TEXT),
  privacy: () => import('./privacy-text.ts').then((m) => m.PRIVACY_TEXT),
};

/**
 * The agreement or the privacy policy in a bottom sheet over the form that asks for consent: reading them
 * does not leave the half-filled form for a new tab (decision 031). `doc` null closes the sheet.
 */
export function LegalSheet({ doc, onClose }: { doc: LegalDoc | null; onClose: () => void }) {
  const [texts, setTexts] = useState<Partial<Record<LegalDoc, LegalText>>>({});
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!doc || texts[doc]) return;
    let cancelled = false;
    setFailed(false);
    loaders[doc]().then(
      (text) => !cancelled && setTexts((t) => ({ ...t, [doc]: text })),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [doc, texts]);

  const [shown, setShown] = useState<LegalDoc>('agreement');
  if (doc && doc !== shown) setShown(doc);
  const text = texts[shown];

  return (
    <Drawer
      open={doc !== null}
      onClose={onClose}
      placement="bottom"
      size="85%"
      title={text?.title ?? TITLES[shown]}
      className="legal-sheet"
      rootClassName="legal-sheet-root"
      destroyOnHidden={false}
    >
      {text ? (
        <LegalDocument text={text} inSheet />
      ) : failed ? (
        <p role="alert">加载失败，请检查网络后重试</p>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Drawer>
  );
}
