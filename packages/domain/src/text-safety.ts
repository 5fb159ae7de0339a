/**
 * Text the database cannot store or that is not text at all (docs/decisions/020): C0 control
 * characters other than tab, line feed and carriage return (PostgreSQL refuses U+0000 in text and jsonb), and
 * UTF-16 surrogates without their pair (the driver would silently turn them into U+FFFD). Emoji and CJK
 * extension characters are proper surrogate pairs and pass. Zod-free so the web's first load may use it.
 */
export const UNSTORABLE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE_TEXT.test(text);
}
