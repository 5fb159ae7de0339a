import { useEffect } from 'react';
import { Extension } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { CONTENT_INDENT_ATTR, CONTENT_MAX_INDENT } from '@summit/domain/content';
import './rich-text-editor.css';

/**
 * The spec's rich-text widget (§ widgets): 加粗, 斜体, 标题1, 标题2, 有序列表, 无序列表, 增加缩进, 减少缩进 — and
 * nothing else, so editors cannot produce markup the server's sanitiser would drop. Indent is stored as
 * data-indent="N" on p, h1, h2 and li (decision 013). Admin pages only; import it lazily.
 */

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      increaseIndent: () => ReturnType;
      decreaseIndent: () => ReturnType;
    };
  }
}

const INDENTABLE = ['paragraph', 'heading', 'listItem'];

export function clampIndent(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  if (!Number.isFinite(n)) return 0;
  return Math.max(0, Math.min(CONTENT_MAX_INDENT, Math.trunc(n)));
}

const Indent = Extension.create({
  name: 'indent',
  addGlobalAttributes() {
    return [
      {
        types: INDENTABLE,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element: HTMLElement) => clampIndent(element.getAttribute(CONTENT_INDENT_ATTR)),
            renderHTML: (attributes: Record<string, unknown>) => {
              const indent = clampIndent(attributes.indent);
              return indent > 0 ? { [CONTENT_INDENT_ATTR]: String(indent) } : {};
            },
          },
        },
      },
    ];
  },
  addCommands() {
    const shift =
      (delta: number) =>
      () =>
      ({ state, tr, dispatch }: { state: Editor['state']; tr: Editor['state']['tr']; dispatch?: ((tr: Editor['state']['tr']) => void) | undefined }) => {
        const { from, to } = state.selection;
        let changed = false;
        state.doc.nodesBetween(from, to, (node, pos) => {
          if (!INDENTABLE.includes(node.type.name)) return true;
          const current = clampIndent(node.attrs.indent);
          const next = clampIndent(current + delta);
          if (next !== current) {
            tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: next });
            changed = true;
          }
          // A list item carries the indent for its paragraphs: do not indent them twice.
          return node.type.name !== 'listItem';
        });
        if (changed && dispatch) dispatch(tr);
        return changed;
      };
    return { increaseIndent: shift(1), decreaseIndent: shift(-1) };
  },
});

export const RICH_TEXT_EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2] },
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: true, HTMLAttributes: { rel: 'noopener', target: null } },
  }),
  Indent,
];

/** The editor's HTML, or '' when it holds nothing (an empty editor still reports `<p></p>`). */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** Accessible name of the editing area. */
  label: string;
  placeholder?: string;
  minHeight?: number;
}

export default function RichTextEditor({ value, onChange, label, minHeight = 120 }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: RICH_TEXT_EXTENSIONS,
    content: value,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'rte__area rich-text' } },
    onUpdate: ({ editor: e }) => onChange(editorHtml(e)),
  });

  // The value can change from outside (a section moved, a draft discarded): load it unless it is what the
  // editor already holds, so typing never resets the cursor.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== editorHtml(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="rte" style={{ ['--rte-min-height' as string]: `${minHeight}px` }}>
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      ordered: e.isActive('orderedList'),
      bullet: e.isActive('bulletList'),
      canIndent: e.can().increaseIndent(),
      canOutdent: e.can().decreaseIndent(),
    }),
  });
  const buttons: { label: string; active?: boolean; disabled?: boolean; run: () => void }[] = [
    { label: '加粗', active: state.bold, run: () => editor.chain().focus().toggleBold().run() },
    { label: '斜体', active: state.italic, run: () => editor.chain().focus().toggleItalic().run() },
    { label: '标题1', active: state.h1, run: () => editor.chain().focus().toggleHeading({ level: 1 }).run() },
    { label: '标题2', active: state.h2, run: () => editor.chain().focus().toggleHeading({ level: 2 }).run() },
    { label: '有序列表', active: state.ordered, run: () => editor.chain().focus().toggleOrderedList().run() },
    { label: '无序列表', active: state.bullet, run: () => editor.chain().focus().toggleBulletList().run() },
    { label: '增加缩进', disabled: !state.canIndent, run: () => editor.chain().focus().increaseIndent().run() },
    { label: '减少缩进', disabled: !state.canOutdent, run: () => editor.chain().focus().decreaseIndent().run() },
  ];
  return (
    <div className="rte__toolbar" role="toolbar" aria-label="格式">
      {buttons.map((b) => (
        <button
          key={b.label}
          type="button"
          className={`rte__button${b.active ? ' rte__button--active' : ''}`}
          aria-pressed={b.active === undefined ? undefined : b.active}
          disabled={b.disabled}
          // Keep the selection in the editor while clicking the toolbar.
          onMouseDown={(e) => e.preventDefault()}
          onClick={b.run}
        >
          {b.label}
        </button>
      ))}
    </div>
  );
}
