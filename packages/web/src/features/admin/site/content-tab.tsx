import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, Input, Modal, Select, Skeleton, Space, Tag, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminContentListItem, AdminContentPage, PageSection, SectionItemsKind } from '@summit/domain/content';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { PageDocumentView } from '../../../components/page-document-view.tsx';
import { formatTime } from '../shell/admin-format.ts';
import './content-tab.css';
import { CONTENT_KEYS, discardContentDraft, fetchContentList, fetchContentPage, publishContentDraft, saveContentDraft } from './content-admin-api.ts';
import { CONTENT_TOKENS, fillDocumentTokens } from '@summit/domain/content-tokens';
import {
  ITEM_FIELDS,
  ITEMS_KIND_LABELS,
  addSection,
  blankEntry,
  draftOf,
  entriesOf,
  move,
  removeAt,
  sameDraft,
  setItemsKind,
  toRequest,
  updateSection,
  validateDraft,
  withEntries,
  type ContentDraft,
} from './content-edit-model.ts';
import { AdminTable } from '../shell/admin-table.tsx';

// The editor (Tiptap) is only fetched when a page is opened for editing.
const RichTextEditor = lazy(() => import('../../../components/rich-text-editor.tsx'));

function RichField(props: { value: string; onChange: (html: string) => void; label: string; minHeight?: number }) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: props.minHeight ?? 120 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** 页面内容: every public info page, its draft and published versions (decisions 014, 019). */
export default function ContentTab() {
  const [openSlug, setOpenSlug] = useState<string | null>(null);
  const list = useQuery({ queryKey: CONTENT_KEYS.list, queryFn: ({ signal }) => fetchContentList({ signal }) });
  const open = list.data?.pages.find((p) => p.slug === openSlug) ?? null;

  if (list.isPending) return <LoadingState rows={8} />;
  if (list.isError) return <ErrorState onRetry={() => void list.refetch()} />;

  return (
    <div className="admin-content">
      <p className="admin-muted">
        编辑公开页面的文字。保存草稿不影响线上页面；预览确认后点击「发布」，访客即可看到新内容。每次保存、发布与放弃草稿都会记入审计日志。
      </p>
      <AdminTable<AdminContentListItem>
        className="admin-table"
        rowKey="slug"
        size="middle"
        dataSource={list.data.pages}
        pagination={false}
        onRow={(row) => ({ onClick: () => setOpenSlug(row.slug) })}
        columns={[
          {
            title: '页面',
            key: 'title',
            render: (_, row) => (
              <div>
                <div>{row.nav_title}</div>
                <div className="admin-muted">{row.title}</div>
              </div>
            ),
          },
          { title: '路径', dataIndex: 'path', key: 'path', render: (path: string) => <code>{path}</code> },
          { title: '发布时间', dataIndex: 'published_at', key: 'published_at', render: (v: string) => formatTime(v) },
          {
            title: '状态',
            key: 'state',
            render: (_, row) => (
              <Space size={4} wrap>
                {row.has_draft ? <Tag color="gold">有草稿</Tag> : <Tag>已发布</Tag>}
                {row.amc_hidden ? <Tag color="default">AMC 隐藏</Tag> : null}
              </Space>
            ),
          },
          {
            title: '操作',
            key: 'action',
            render: (_, row) => (
              <Button
                type="link"
                onClick={(e) => {
                  e.stopPropagation();
                  setOpenSlug(row.slug);
                }}
              >
                编辑
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpenSlug(null)}
        title={open ? `编辑页面：${open.nav_title}（${open.path}）` : ''}
        size={1040}
        styles={{ wrapper: { maxWidth: '100vw' } }}
        destroyOnHidden
      >
        {open ? <PageEditor key={open.slug} slug={open.slug} /> : null}
      </Drawer>
    </div>
  );
}

function PageEditor({ slug }: { slug: string }) {
  const page = useQuery({ queryKey: CONTENT_KEYS.page(slug), queryFn: ({ signal }) => fetchContentPage(slug, { signal }) });
  if (page.isPending) return <LoadingState rows={8} />;
  if (page.isError) return <ErrorState onRetry={() => void page.refetch()} />;
  return <PageForm slug={slug} page={page.data} />;
}

function PageForm({ slug, page }: { slug: string; page: AdminContentPage }) {
  const queryClient = useQueryClient();
  const [toast, toastHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const [saved, setSaved] = useState<ContentDraft>(() => draftOf(page));
  const [draft, setDraft] = useState<ContentDraft>(saved);
  const [hasDraft, setHasDraft] = useState(page.draft !== null);
  const [draftAt, setDraftAt] = useState(page.draft?.updated_at ?? null);
  const [previewing, setPreviewing] = useState(false);
  const dirty = !sameDraft(draft, saved);

  function adopt(next: AdminContentPage) {
    queryClient.setQueryData(CONTENT_KEYS.page(slug), next);
    void queryClient.invalidateQueries({ queryKey: CONTENT_KEYS.list });
    const fresh = draftOf(next);
    setSaved(fresh);
    setDraft(fresh);
    setHasDraft(next.draft !== null);
    setDraftAt(next.draft?.updated_at ?? null);
  }

  const save = useMutation({
    mutationFn: (body: ContentDraft) => saveContentDraft(slug, body),
    onSuccess: (next) => {
      adopt(next);
      void toast.success('草稿已保存');
    },
  });
  const publish = useMutation({
    mutationFn: async (body: ContentDraft | null) => {
      if (body) await saveContentDraft(slug, body);
      return publishContentDraft(slug);
    },
    onSuccess: (next) => {
      adopt(next);
      // The public page's cached copy (same browser) is stale now.
      void queryClient.invalidateQueries({ queryKey: ['site', 'page', slug] });
      void toast.success('已发布，访客现在看到的是新内容');
    },
  });
  const discard = useMutation({
    mutationFn: () => discardContentDraft(slug),
    onSuccess: (next) => {
      adopt(next);
      void toast.success('草稿已放弃，已恢复为线上版本');
    },
  });
  const busy = save.isPending || publish.isPending || discard.isPending;

  function checked(): ContentDraft | null {
    const problem = validateDraft(draft);
    if (problem) {
      void toast.error(problem);
      return null;
    }
    return toRequest(draft);
  }

  function onSave() {
    const body = checked();
    if (body) save.mutate(body);
  }

  function onPublish() {
    const body = dirty ? checked() : null;
    if (dirty && !body) return;
    void modal.confirm({
      title: '发布这个页面？',
      content: dirty ? '未保存的修改会先保存为草稿，然后发布。发布后访客将立即看到新内容。' : '发布后访客将立即看到新内容。',
      okText: '发布',
      cancelText: '取消',
      onOk: () => publish.mutateAsync(body).then(() => undefined),
    });
  }

  function onDiscard() {
    void modal.confirm({
      title: '放弃草稿？',
      content: '草稿与未保存的修改都会丢失，编辑区恢复为线上版本。',
      okText: '放弃草稿',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => discard.mutateAsync().then(() => undefined),
    });
  }

  const setDocument = (document: ContentDraft['document']) => setDraft((d) => ({ ...d, document }));
  const setSection = (index: number, next: PageSection) => setDocument(updateSection(draft.document, index, next));

  return (
    <div className="content-editor">
      {toastHolder}
      {modalHolder}
      <Alert
        type={hasDraft ? 'warning' : 'info'}
        showIcon
        title={
          hasDraft
            ? `正在编辑草稿（上次保存 ${formatTime(draftAt)}），尚未发布`
            : `与线上版本一致（发布于 ${formatTime(page.published.published_at)}）`
        }
      />
      <div className="content-editor__actions">
        <Button onClick={() => setPreviewing(true)}>预览</Button>
        <Button onClick={onSave} loading={save.isPending} disabled={busy || !dirty}>
          保存草稿
        </Button>
        <Button type="primary" onClick={onPublish} loading={publish.isPending} disabled={busy || (!dirty && !hasDraft)}>
          发布
        </Button>
        <Button danger onClick={onDiscard} loading={discard.isPending} disabled={busy || (!dirty && !hasDraft)}>
          放弃草稿
        </Button>
        {dirty ? <span className="admin-muted">有未保存的修改</span> : null}
      </div>

      <section className="content-editor__block content-tokens" aria-label="可用占位符">
        <h3>费用与日期占位符</h3>
        <p className="admin-muted">
          在任意文字中写入占位符，公开页面会显示“费用与截止日期”中的当前值，修改设置后页面随之更新（预览同样替换）。
        </p>
        <ul className="content-tokens__list">
          {CONTENT_TOKENS.map((t) => (
            <li key={t.token}>
              <code>{`{{${t.token}}}`}</code> {t.label}（当前：{page.tokens[t.token] ?? '—'}）
            </li>
          ))}
        </ul>
      </section>

      <section className="content-editor__block" aria-label="页面信息">
        <h3>页面信息</h3>
        <Field label="页面标题（浏览器标签与搜索结果）">
          <Input value={draft.title} maxLength={120} onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))} aria-label="页面标题" />
        </Field>
        <Field label="页面描述（搜索结果摘要）">
          <Input.TextArea value={draft.description} maxLength={300} autoSize={{ minRows: 2 }} onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))} aria-label="页面描述" />
        </Field>
        <Field label="页首大标题">
          <Input value={draft.document.hero.title} onChange={(e) => setDocument({ ...draft.document, hero: { ...draft.document.hero, title: e.target.value } })} aria-label="页首大标题" />
        </Field>
        <Field label="页首副标题">
          <Input.TextArea value={draft.document.hero.subtitle} autoSize={{ minRows: 2 }} onChange={(e) => setDocument({ ...draft.document, hero: { ...draft.document.hero, subtitle: e.target.value } })} aria-label="页首副标题" />
        </Field>
      </section>

      {draft.document.sections.map((section, index) => (
        <SectionEditor
          key={index}
          index={index}
          count={draft.document.sections.length}
          section={section}
          onChange={(next) => setSection(index, next)}
          onMove={(delta) => setDocument({ ...draft.document, sections: move(draft.document.sections, index, delta) })}
          onRemove={() => setDocument({ ...draft.document, sections: removeAt(draft.document.sections, index) })}
        />
      ))}
      <Button block onClick={() => setDocument(addSection(draft.document))}>
        添加栏目
      </Button>

      <Modal open={previewing} onCancel={() => setPreviewing(false)} footer={null} width={1040} title="预览（未发布的草稿与未保存的修改）" destroyOnHidden>
        <div className="content-preview">
          <PageDocumentView document={fillDocumentTokens(toRequest(draft).document, page.tokens)} />
        </div>
      </Modal>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A div, not a label: a label around the rich-text toolbar would press its first button on a click.
    <div className="content-editor__field">
      <span className="content-editor__label">{label}</span>
      {children}
    </div>
  );
}

const KIND_OPTIONS = [
  { value: 'none', label: '无' },
  ...(Object.keys(ITEMS_KIND_LABELS) as SectionItemsKind[]).map((kind) => ({ value: kind, label: ITEMS_KIND_LABELS[kind] })),
];

function SectionEditor(props: {
  index: number;
  count: number;
  section: PageSection;
  onChange: (next: PageSection) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { index, count, section, onChange } = props;
  const items = section.items;
  const name = `第 ${index + 1} 个栏目`;
  return (
    <section className="content-editor__block" aria-label={name}>
      <div className="content-editor__block-head">
        <h3>
          {name}：{section.heading || '（无标题）'}
        </h3>
        <Space size={4}>
          <Button size="small" disabled={index === 0} onClick={() => props.onMove(-1)}>
            上移
          </Button>
          <Button size="small" disabled={index === count - 1} onClick={() => props.onMove(1)}>
            下移
          </Button>
          <Button size="small" danger onClick={props.onRemove}>
            删除栏目
          </Button>
        </Space>
      </div>
      <div className="content-editor__row">
        <Field label="栏目标题">
          <Input value={section.heading} onChange={(e) => onChange({ ...section, heading: e.target.value })} aria-label={`${name}标题`} />
        </Field>
        <Field label="锚点（小写字母、数字与连字符）">
          <Input value={section.id} onChange={(e) => onChange({ ...section, id: e.target.value })} aria-label={`${name}锚点`} />
        </Field>
      </div>
      <Field label="正文">
        <RichField value={section.html ?? ''} onChange={(html) => onChange({ ...section, html })} label={`${name}正文`} />
      </Field>
      <Field label="结构化内容">
        <Select
          value={items?.kind ?? 'none'}
          options={KIND_OPTIONS}
          style={{ width: 200 }}
          onChange={(v: string) => onChange(setItemsKind(section, v === 'none' ? null : (v as SectionItemsKind)))}
          aria-label={`${name}结构化内容`}
        />
      </Field>
      {items ? (
        <div className="content-editor__entries">
          {entriesOf(items).map((entry, row) => {
            const setEntries = (entries: ReturnType<typeof entriesOf>) => onChange({ ...section, items: withEntries(items, entries) });
            const all = entriesOf(items);
            return (
              <div key={row} className="content-editor__entry">
                <div className="content-editor__entry-head">
                  <span>
                    {ITEMS_KIND_LABELS[items.kind]} 第 {row + 1} 行
                  </span>
                  <Space size={4}>
                    <Button size="small" disabled={row === 0} onClick={() => setEntries(move(all, row, -1))}>
                      上移
                    </Button>
                    <Button size="small" disabled={row === all.length - 1} onClick={() => setEntries(move(all, row, 1))}>
                      下移
                    </Button>
                    <Button size="small" danger onClick={() => setEntries(removeAt(all, row))}>
                      删除
                    </Button>
                  </Space>
                </div>
                {ITEM_FIELDS[items.kind].map((field) => {
                  const value = entry[field.key] ?? '';
                  const set = (v: string) => setEntries(all.map((e, i) => (i === row ? { ...e, [field.key]: v } : e)));
                  const label = `${name}第 ${row + 1} 行${field.label}`;
                  return (
                    <Field key={field.key} label={field.optional ? `${field.label}（选填）` : field.label}>
                      {field.rich ? (
                        <RichField value={value} onChange={set} label={label} minHeight={72} />
                      ) : field.multiline ? (
                        <Input.TextArea value={value} autoSize={{ minRows: 2 }} onChange={(e) => set(e.target.value)} aria-label={label} />
                      ) : (
                        <Input value={value} onChange={(e) => set(e.target.value)} aria-label={label} />
                      )}
                    </Field>
                  );
                })}
              </div>
            );
          })}
          <Button onClick={() => onChange({ ...section, items: withEntries(items, [...entriesOf(items), blankEntry(items.kind)]) })}>添加一行</Button>
        </div>
      ) : null}
    </section>
  );
}
