/**
 * Request URLs as the access log may keep them (DESIGN §4: logs never hold a capability token from a path or
 * query). A parent-pay link, an e-mail verification link or a sandbox checkout works for whoever holds its
 * address, so the secret part is replaced before the line is written.
 */
const SECRET_PATH_SEGMENTS = [
  /(\/api\/guest\/payment\/pay-for\/)[^/?#]+/,
  /(\/pay\/(?:admission|sbp)-parent\/)[^/?#]+/,
];
const SECRET_QUERY_KEYS = /([?&](?:token|sign|signature|password|code)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  let out = url;
  for (const pattern of SECRET_PATH_SEGMENTS) out = out.replace(pattern, '$1[redacted]');
  return out.replace(SECRET_QUERY_KEYS, '$1[redacted]');
}
