import { describe, expect, it } from 'vitest';
import { QR_ACCEPT, QR_SLOTS, qrPreviewSrc } from './site-qr-model.ts';

describe('site QR card model', () => {
  it('has one slot per side-helper QR', () => {
    expect(QR_SLOTS.map((s) => s.which)).toEqual(['service', 'official']);
    expect([...QR_ACCEPT]).toEqual(['png', 'jpg', 'jpeg']);
  });

  it('previews through the public address, a new address per stored file', () => {
    const a = qrPreviewSrc('service', { name: 'a.png', url: '/api/oss/file/teacher/1/x/a.png' });
    const b = qrPreviewSrc('service', { name: 'b.png', url: '/api/oss/file/teacher/1/y/b.png' });
    expect(a.startsWith('/api/site/qr/service?v=')).toBe(true);
    expect(a).not.toBe(b);
    expect(qrPreviewSrc('official', null)).toBe('/api/site/qr/official?v=placeholder');
  });
});
