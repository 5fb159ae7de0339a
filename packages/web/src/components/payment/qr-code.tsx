import { useEffect, useState } from 'react';
import { Spin } from 'antd';

/** Draws `value` as a QR code image (qrcode is loaded on demand, only by pages that show one). */
export function QrCode({ value, size = 200, label }: { value: string; size?: number; label: string }) {
  const [src, setSrc] = useState<{ value: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(value, { margin: 1, width: size * 2, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (live) setSrc({ value, url });
      });
    return () => {
      live = false;
    };
  }, [value, size]);
  return (
    <div className="adm-qr" style={{ width: size, height: size }}>
      {src?.value === value ? <img src={src.url} width={size} height={size} alt={label} /> : <Spin />}
    </div>
  );
}
