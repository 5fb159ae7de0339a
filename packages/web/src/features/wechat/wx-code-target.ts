/**
 * The target of /wx-code/{url}: the rest of the path, percent-decoded once, as a same-origin path. An absolute
 * URL of this origin is reduced to its path; another origin, a protocol-relative URL or garbage is null.
 */
export function sameOriginPathOf(encoded: string, origin: string = typeof window === 'undefined' ? 'http://localhost' : window.location.origin): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  if (!decoded || /[\u0000-\u001f\u007f]/.test(decoded)) return null;
  if (/^https?:\/\//i.test(decoded)) {
    try {
      const url = new URL(decoded);
      return url.origin === origin ? `${url.pathname}${url.search}` : null;
    } catch {
      return null;
    }
  }
  if (!decoded.startsWith('/') || decoded.startsWith('//') || decoded.startsWith('/\\')) return null;
  return decoded;
}
