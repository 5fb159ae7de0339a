// The side helper's two QR images as the admin sees them (decision 015: PUT /api/admin/site/qr, public
// GET /api/site/qr/:which).
import { siteQrPath, type SiteQrKind } from '@summit/domain/api/site';
import type { UploadedFile } from '@summit/domain/uploader';

export const QR_SLOTS: ReadonlyArray<{ which: SiteQrKind; label: string; hint: string }> = [
  { which: 'service', label: '在线客服二维码', hint: '侧边栏「在线客服」弹窗中显示，访客扫码咨询项目老师。' },
  { which: 'official', label: '公众号二维码', hint: '侧边栏「关注公众号」弹窗中显示。' },
];

/** PNG or JPG only (the server refuses anything else); a QR code needs no more than 2 MB. */
export const QR_ACCEPT = ['png', 'jpg', 'jpeg'] as const;
export const QR_MAX_SIZE = '2MB';

/**
 * What the public sees, through the public address. The public answer is cached for 60 s, so the address
 * carries the stored file: a new upload (or a removal) is a new address and the preview is never stale.
 */
export function qrPreviewSrc(which: SiteQrKind, file: UploadedFile | null): string {
  return `${siteQrPath(which)}?v=${encodeURIComponent(file ? file.url : 'placeholder')}`;
}
