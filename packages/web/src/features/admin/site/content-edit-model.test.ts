import { describe, expect, it } from 'vitest';
import type { AdminContentPage, PageDocument } from '@summit/domain/content';
import {
  addSection,
  blankEntry,
  describeIssuePath,
  draftOf,
  move,
  newSectionId,
  sameDraft,
  setItemsKind,
  toRequest,
  updateSection,
  validateDraft,
  type ContentDraft,
} from './content-edit-model.ts';

const published: PageDocument = {
  hero: { title: '常见问题', subtitle: '申请前最常被问到的问题' },
  sections: [
    { id: 'apply', heading: '申请', items: { kind: 'faq', entries: [{ q: '谁可以申请？', a: '<p>高一至高三学生</p>' }] } },
    { id: 'fees', heading: '费用', html: '<p>申请费 ¥500</p>' },
  ],
};
const at = '2026-11-01T08:00:00.000Z';
const page = (draft: AdminContentPage['draft']): AdminContentPage => ({
  slug: 'faq',
  path: '/faq',
  published: { title: '常见问题', description: 'FAQ', document: published, published_at: at, published_by: null },
  draft,
  tokens: { 'fee.apply': '¥500' },
});

describe('content edit model', () => {
  it('opens the stored draft when there is one, else a copy of the published version', () => {
    const fromPublished = draftOf(page(null));
    expect(fromPublished.title).toBe('常见问题');
    fromPublished.document.hero.title = '改过';
    expect(published.hero.title).toBe('常见问题');
    const draftDoc = { ...published, hero: { title: '草稿标题', subtitle: '' } };
    expect(draftOf(page({ title: '草稿', description: '', document: draftDoc, updated_at: at, updated_by: 1 })).document.hero.title).toBe('草稿标题');
  });

  it('adds sections with unused kebab ids and edits one section only', () => {
    expect(newSectionId(published)).toBe('section-3');
    expect(newSectionId({ ...published, sections: [...published.sections, { id: 'section-3', heading: 'x' }] })).toBe('section-4');
    const added = addSection(published);
    expect(added.sections).toHaveLength(3);
    expect(added.sections[2]).toMatchObject({ id: 'section-3', heading: '新栏目' });
    const edited = updateSection(published, 1, { heading: '学费' });
    expect(edited.sections.map((s) => s.heading)).toEqual(['申请', '学费']);
    expect(published.sections[1]?.heading).toBe('费用');
  });

  it('moves rows within bounds', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('switches structured items on, to another kind with one blank row, and off', () => {
    const section = { id: 'x', heading: 'X' };
    const people = setItemsKind(section, 'people');
    expect(people.items).toEqual({ kind: 'people', entries: [{ name: '', title: '', initials: '', bio: '' }] });
    expect(setItemsKind(people, 'people')).toBe(people);
    expect(setItemsKind(people, 'stats').items).toEqual({ kind: 'stats', entries: [blankEntry('stats')] });
    expect(setItemsKind(people, null)).toEqual({ id: 'x', heading: 'X' });
  });

  it('builds the request: trimmed, empty optional fields and empty rich text left out', () => {
    const draft: ContentDraft = {
      title: ' 导师团队 ',
      description: '',
      document: {
        hero: { title: ' 导师 ', subtitle: ' ' },
        sections: [
          { id: 'people', heading: ' 导师 ', html: '', items: { kind: 'people', entries: [{ name: ' 林知远 ', title: '副教授', initials: ' ', bio: '' }] } },
          { id: 'dates', heading: '日程', items: { kind: 'timeline', entries: [{ date: '7月', label: '开课', note: '' }] } },
        ],
      },
    };
    const body = toRequest(draft);
    expect(body.title).toBe('导师团队');
    expect(body.document.hero).toEqual({ title: '导师', subtitle: '' });
    expect(body.document.sections[0]).toEqual({ id: 'people', heading: '导师', items: { kind: 'people', entries: [{ name: '林知远', title: '副教授', bio: '' }] } });
    expect(body.document.sections[1]?.items).toEqual({ kind: 'timeline', entries: [{ date: '7月', label: '开课' }] });
    expect(validateDraft(draft)).toBeNull();
  });

  it('names the first problem in the editor’s words', () => {
    const bad: ContentDraft = { title: '常见问题', description: '', document: updateSection(published, 0, { items: { kind: 'faq', entries: [{ q: '', a: '<p>答</p>' }] } }) };
    expect(validateDraft(bad)).toBe('第 1 个栏目 · 第 1 行 · 问题：输入框不能为空');
    expect(validateDraft({ ...bad, document: published, title: ' ' })).toBe('页面标题：输入框不能为空');
    expect(validateDraft({ title: 't', description: '', document: { ...published, sections: [published.sections[0]!, { ...published.sections[1]!, id: 'apply' }] } })).toMatch(/^第 2 个栏目 · 锚点：/);
    expect(describeIssuePath(['document', 'hero', 'title'])).toBe('页首 · 大标题');
    expect(sameDraft(draftOf(page(null)), draftOf(page(null)))).toBe(true);
  });
});
