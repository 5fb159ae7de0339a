/**
 * Which addresses the in-app PDF viewer (/pdf/{src}) may load: only this site's own API, which serves the
 * offer letter and stored files (local disk, or a redirect to a short-lived signed bucket URL). Anything
 * else (another host, a protocol-relative or javascript:/data: URL, a page of the app) is refused, so the
 * viewer can never be used to fetch or frame an arbitrary address (decision 028).
 */
export function allowedPdfSource(raw: string, origin: string): string | null {
  const src = raw.trim();
  if (!src || /[\u0000-\u001f\\]/.test(src)) return null;
  let url: URL;
  try {
    url = new URL(src, origin);
  } catch {
    return null;
  }
  const isRelative = src.startsWith('/') && !src.startsWith('//');
  if (!isRelative && url.origin !== origin) return null;
  if (url.origin !== origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.username || url.password) return null;
  // After normalisation (/api/../x → /x), so a dotted path cannot climb out of the API.
  if (!url.pathname.startsWith('/api/')) return null;
  return url.pathname + url.search;
}

/** The file name a download should get: the server's Content-Disposition, else the path's last segment. */
export function pdfFileName(contentDisposition: string | null, path: string): string {
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition ?? '');
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition ?? '');
  if (plain?.[1]) return plain[1].trim();
  const last = path.split('?')[0]!.split('/').filter(Boolean).at(-1) ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // keep the raw segment
  }
  return name.toLowerCase().endsWith('.pdf') ? name : '文件.pdf';
}

/** A PDF starts with "%PDF-" whatever Content-Type a bucket gave it. */
export function looksLikePdf(firstBytes: Uint8Array): boolean {
  return firstBytes.length >= 5 && String.fromCharCode(...firstBytes.slice(0, 5)) === '%PDF-';
}
