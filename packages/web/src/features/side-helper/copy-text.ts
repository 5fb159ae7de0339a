// Copying the WeChat ID (decision 030): the async Clipboard API where the page may use it (HTTPS or localhost,
// a user gesture), else the old selection + execCommand('copy') that WeChat's web-view and older phones still
// honour. No React here, so both paths are unit-tested.

export interface CopyEnv {
  clipboard?: { writeText(text: string): Promise<void> } | undefined;
  document?: Pick<Document, 'createElement' | 'body' | 'execCommand'> | undefined;
}

function defaultEnv(): CopyEnv {
  return { clipboard: typeof navigator !== 'undefined' ? navigator.clipboard : undefined, document: typeof document !== 'undefined' ? document : undefined };
}

/** Copies through a hidden, read-only textarea; true when the browser says it copied. */
function copyBySelection(text: string, doc: NonNullable<CopyEnv['document']>): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off-screen but selectable; a font size of 16 px stops iOS from zooming in.
  area.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;font-size:16px;';
  doc.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** True when the text is on the clipboard. */
export async function copyText(text: string, env: CopyEnv = defaultEnv()): Promise<boolean> {
  if (env.clipboard) {
    try {
      await env.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, insecure context): the selection fallback below may still work.
    }
  }
  return env.document ? copyBySelection(text, env.document) : false;
}
