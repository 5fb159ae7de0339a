/**
 * Addresses that are themselves a credential (a "capability"): whoever holds the URL can act — a parent pays,
 * an offer or certificate is shown as genuine, a sandbox order is confirmed, an e-mail address is verified.
 * They must not leak through the Referer header (the API answers these pages with `Referrer-Policy:
 * no-referrer`, decision 033) nor through the access log. This module is the one list of them, so the
 * header and the log redaction cannot drift apart.
 */

/** Path prefixes whose next segment is the secret (a token, a verification code, an order number). */
export const CAPABILITY_PATH_PREFIXES = [
  /** Parent pays the tuition from a link the student shares (docs/product/screens-and-routes.md /pay/admission-parent/{token}). */
  '/pay/admission-parent/',
  /** Parent pays an SBP programme (docs/product/screens-and-routes.md /pay/sbp-parent/{token}). */
  '/pay/sbp-parent/',
  /** The API behind both parent-pay pages. */
  '/api/guest/payment/pay-for/',
  /** The offer letter's public verification page (its QR code and printed address), and its API. */
  '/offer/verify/',
  '/api/guest/offer-letter/verify/',
  /** A certificate shown by its token (docs/product/screens-and-routes.md /student/certificate/{token}); /student/certificate itself is not one. */
  '/student/certificate/',
  /** The sandbox checkout: anyone holding the address can confirm or fail the order (demo and tests only). */
  '/pay/sandbox/',
  /** A recommendation letter's PDF for one named recipient (decision 055): the link in their e-mail. */
  '/api/recommend-letter/file/',
  /** A recommendation letter's public verification page and its API (decision 055). */
  '/recommend-letter/verify/',
  '/api/recommend-letter/verify/',
  /** The certificate verification API behind /student/certificate/{token} (decision 058). */
  '/api/certificate/verify/',
  /**
   * A student's calendar subscription (`/api/calendar/{key}.ics`, decision 051): whoever holds the address
   * reads the student's timetable until the student resets the link.
   */
  '/api/calendar/',
  /** A badge credential's public verification page and its API (decision 104): the holder's link to their badge. */
  '/badges/verify/',
  '/api/badges/verify/',
] as const;

/**
 * Query parameters that carry a secret: the e-mail verification link (?token=), WeChat OAuth's one-time ?code=,
 * provider signatures, the check-in QR code's signed token (`/student/checkin?t=…`, decision 051: short-lived,
 * but whoever holds it inside its window signs in as present). Matched case-insensitively.
 */
export const CAPABILITY_QUERY_KEYS = ['token', 'sign', 'signature', 'password', 'code', 't'] as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `^(prefix)secret` for a path, the prefix captured (log redaction replaces what follows it). */
export const CAPABILITY_PATH_PATTERN = new RegExp(`^(${CAPABILITY_PATH_PREFIXES.map(escapeRegExp).join('|')})[^/?#]+`);

/** `[?&]key=` of a capability query parameter, the `?key=` captured. */
export const CAPABILITY_QUERY_PATTERN = new RegExp(`([?&](?:${CAPABILITY_QUERY_KEYS.join('|')})=)[^&#]*`, 'i');

/** True when the request URL (path and query, as the server sees it) holds a capability. */
export function carriesCapability(url: string): boolean {
  if (CAPABILITY_PATH_PATTERN.test(url)) return true;
  const query = url.indexOf('?');
  return query !== -1 && CAPABILITY_QUERY_PATTERN.test(url.slice(query));
}
