/**
 * The local copy of a form that is not (fully) on the server yet (decision 024): every edit is written to
 * this browser's storage, per account and form, and removed only once the server has taken all of it. So a
 * refused field, a lost connection or a closed tab never loses what the student typed. Pure logic and a
 * storage wrapper; the React side is use-draft-copy.tsx.
 */
import type { KeyValueStore } from '../../lib/auth-storage.ts';

export interface DraftProblem {
  field: string;
  msg: string;
}

export interface DraftCopy {
  /** The form's values (antd names), as typed. */
  values: Record<string, unknown>;
  /** The server's `updated_at` the edits were made on (null before the first save). */
  base: string | null;
  /** Fields the server refused at the last save, with its messages. */
  unsaved: DraftProblem[];
  /** When it was written (ms since epoch), shown when the student is asked. */
  at: number;
}

const PREFIX = 'summit.draft';

export function draftCopyKey(form: string, accountId: number): string {
  return `${PREFIX}.${form}.${accountId}`;
}

function isCopy(value: unknown): value is DraftCopy {
  const v = value as Partial<DraftCopy> | null;
  return (
    v !== null &&
    typeof v === 'object' &&
    v.values !== null &&
    typeof v.values === 'object' &&
    !Array.isArray(v.values) &&
    (v.base === null || typeof v.base === 'string') &&
    Array.isArray(v.unsaved) &&
    typeof v.at === 'number'
  );
}

export function createDraftCopies(store: KeyValueStore) {
  return {
    read(key: string): DraftCopy | null {
      try {
        const raw = store.getItem(key);
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        return isCopy(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
    /** False when the browser refused (private mode, storage full): the caller may warn. */
    write(key: string, copy: DraftCopy): boolean {
      try {
        store.setItem(key, JSON.stringify(copy));
        return true;
      } catch {
        return false;
      }
    },
    clear(key: string): void {
      try {
        store.removeItem(key);
      } catch {
        // Nothing to do: an unreadable store has no copy to show either.
      }
    },
  };
}

export type DraftCopies = ReturnType<typeof createDraftCopies>;

/** JSON with sorted keys, so two drafts compare by content, not by key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function sameDraft(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/**
 * What to do with a stored copy when the form opens with the server's answers:
 * - 'none': no copy, or it holds nothing the server does not (it can go);
 * - 'restore': it was typed on the very version the server still has, so it is newer: put it back;
 * - 'ask': the server changed since (another device, or a save whose answer never arrived): the student
 *   chooses, nothing is overwritten silently.
 * `normalise` turns form values into what a save would send, so blank inputs do not count as differences.
 */
export function restorePlan(
  copy: DraftCopy | null,
  serverValues: Record<string, unknown>,
  serverUpdatedAt: string | null,
  normalise: (values: Record<string, unknown>) => unknown,
): 'none' | 'restore' | 'ask' {
  if (!copy) return 'none';
  if (sameDraft(normalise(copy.values), normalise(serverValues))) return 'none';
  return copy.base === serverUpdatedAt ? 'restore' : 'ask';
}

// Storage is read lazily and every call is guarded (createDraftCopies): Safari private mode and some
// WeChat web-views throw on access, and then there is simply no local copy.
const browserLocalStore: KeyValueStore = {
  getItem: (k) => window.localStorage.getItem(k),
  setItem: (k, v) => window.localStorage.setItem(k, v),
  removeItem: (k) => window.localStorage.removeItem(k),
};

export const draftCopies: DraftCopies = createDraftCopies(browserLocalStore);

/** Values without the fields a browser should not keep in plain text (an ID number: decision 024). */
export function withoutFields(values: Record<string, unknown>, omit: readonly string[]): Record<string, unknown> {
  if (omit.length === 0) return values;
  const out = { ...values };
  for (const field of omit) delete out[field];
  return out;
}
