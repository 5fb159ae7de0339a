/** The content editor's state and its pure edits (unit-tested; content-tab.tsx only wires them to inputs). */
import { contentDraftRequestSchema, type AdminContentPage, type PageDocument, type PageSection, type SectionItems, type SectionItemsKind } from '@summit/domain/content';

export interface ContentDraft {
  title: string;
  description: string;
  document: PageDocument;
}

export const ITEMS_KIND_LABELS: Record<SectionItemsKind, string> = {
  faq: '问答',
  people: '人物',
  timeline: '时间线',
  cards: '卡片',
  stats: '数据',
};

/**
 * The fields of one row of each kind, in form order. `optional`: the key is left out when empty (the schema's
 * optional fields); `required`: must not be empty (the schema's min 1).
 */
export const ITEM_FIELDS: Record<SectionItemsKind, { key: string; label: string; multiline?: boolean; rich?: boolean; optional?: boolean }[]> = {
  faq: [
    { key: 'q', label: '问题' },
    { key: 'a', label: '回答', rich: true },
  ],
  people: [
    { key: 'name', label: '姓名' },
    { key: 'title', label: '职位' },
    { key: 'initials', label: '头像字', optional: true },
    { key: 'bio', label: '简介', multiline: true },
  ],
  timeline: [
    { key: 'date', label: '日期' },
    { key: 'label', label: '事项' },
    { key: 'note', label: '说明', optional: true },
  ],
  cards: [
    { key: 'title', label: '标题' },
    { key: 'tag', label: '标签', optional: true },
    { key: 'text', label: '内容', multiline: true },
  ],
  stats: [
    { key: 'value', label: '数值' },
    { key: 'label', label: '说明' },
  ],
};

type Entry = Record<string, string | undefined>;

/** What the editor opens with: the stored draft when there is one, else the published version. */
export function draftOf(page: AdminContentPage): ContentDraft {
  const source = page.draft ?? page.published;
  return { title: source.title, description: source.description, document: structuredClone(source.document) };
}

export function sameDraft(a: ContentDraft, b: ContentDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A kebab id not used yet in the document ('section-3', 'section-4', …). */
export function newSectionId(document: PageDocument): string {
  const used = new Set(document.sections.map((s) => s.id));
  for (let n = document.sections.length + 1; ; n += 1) {
    const id = `section-${n}`;
    if (!used.has(id)) return id;
  }
}

export function addSection(document: PageDocument): PageDocument {
  return { ...document, sections: [...document.sections, { id: newSectionId(document), heading: '新栏目', html: '' }] };
}

export function updateSection(document: PageDocument, index: number, patch: Partial<PageSection>): PageDocument {
  return { ...document, sections: document.sections.map((s, i) => (i === index ? { ...s, ...patch } : s)) };
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** Moves an element up (-1) or down (+1); out of range is a no-op. */
export function move<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

export function blankEntry(kind: SectionItemsKind): Entry {
  return Object.fromEntries(ITEM_FIELDS[kind].map((f) => [f.key, '']));
}

/** Switches a section's structured items to another kind (rows of another kind do not carry over), or off. */
export function setItemsKind(section: PageSection, kind: SectionItemsKind | null): PageSection {
  if (kind === null) {
    const { items: _dropped, ...rest } = section;
    return rest;
  }
  if (section.items?.kind === kind) return section;
  return { ...section, items: { kind, entries: [blankEntry(kind)] } as SectionItems };
}

export function entriesOf(items: SectionItems): Entry[] {
  return items.entries as unknown as Entry[];
}

export function withEntries(items: SectionItems, entries: Entry[]): SectionItems {
  return { kind: items.kind, entries } as unknown as SectionItems;
}

/**
 * The request body: trimmed, with empty optional fields left out (an empty note or tag is no note), and an
 * empty rich text dropped so the page shows no blank paragraph.
 */
export function toRequest(draft: ContentDraft): ContentDraft {
  const sections = draft.document.sections.map((section) => {
    const out: PageSection = { id: section.id.trim(), heading: section.heading.trim() };
    if (section.html && section.html.trim()) out.html = section.html;
    if (section.items) {
      const optional = new Set(ITEM_FIELDS[section.items.kind].filter((f) => f.optional).map((f) => f.key));
      const entries = entriesOf(section.items).map((entry) => {
        const clean: Entry = {};
        for (const [key, value] of Object.entries(entry)) {
          // Rich text keeps its markup as written; plain fields are trimmed.
          const v = key === 'a' ? (value ?? '') : (value ?? '').trim();
          if (v === '' && optional.has(key)) continue;
          clean[key] = v;
        }
        return clean;
      });
      out.items = withEntries(section.items, entries);
    }
    return out;
  });
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    document: { hero: { title: draft.document.hero.title.trim(), subtitle: draft.document.hero.subtitle.trim() }, sections },
  };
}

const FIELD_LABELS: Record<string, string> = { title: '页面标题', description: '页面描述', heading: '栏目标题', id: '锚点', html: '正文', subtitle: '副标题' };

/** Where a validation issue is, in the editor's words: 「第 2 个栏目 · 第 1 行 · 问题」. */
export function describeIssuePath(path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i += 1) {
    const key = path[i];
    const next = path[i + 1];
    if (key === 'document') continue;
    if (key === 'hero') {
      parts.push('页首');
      if (next === 'title') {
        parts.push('大标题');
        i += 1;
      }
      continue;
    }
    if (key === 'sections' && typeof next === 'number') {
      parts.push(`第 ${next + 1} 个栏目`);
      i += 1;
      continue;
    }
    if (key === 'items') continue;
    if (key === 'entries' && typeof next === 'number') {
      parts.push(`第 ${next + 1} 行`);
      i += 1;
      continue;
    }
    if (typeof key === 'string') {
      const field = Object.values(ITEM_FIELDS)
        .flat()
        .find((f) => f.key === key);
      parts.push(FIELD_LABELS[key] ?? field?.label ?? key);
    }
  }
  return parts.join(' · ');
}

/** The first problem of a draft as one line for a message, or null when the server would accept its shape. */
export function validateDraft(draft: ContentDraft): string | null {
  const parsed = contentDraftRequestSchema.safeParse(toRequest(draft));
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (!issue) return null;
  const where = describeIssuePath(issue.path);
  return where ? `${where}：${issue.message}` : issue.message;
}
