/** The `r` of the security page: a path on this site only (never another origin), else the home page. */
export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/^\/(innersecurity|amcsecurity)(\/|\?|$)/.test(value)) return '/';
  return value;
}
