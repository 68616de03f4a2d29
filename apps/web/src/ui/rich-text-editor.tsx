import Highlight from '@tiptap/extension-highlight';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, type ReactNode } from 'react';
import { Button as AriaButton, ToggleButton, Toolbar } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import styles from './rich-text-editor.module.css';

export interface RichTextEditorProps {
  /** Visible name of the editor, e.g. 'Ihre Nachricht'. */
  label: string;
  /** Initial HTML. */
  defaultValue?: string;
  /** Receives the document as HTML after every change. */
  onChange?: (html: string) => void;
  isDisabled?: boolean;
  className?: string;
}

// Only what the toolbar offers may end up in the HTML, so typed shortcuts ('# ', '> ', '```') that would
// create headings, quotes or code are switched off with their extensions.
const EXTENSIONS = [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: false,
  }),
  Highlight,
];

type FormatKey = 'bold' | 'italic' | 'underline' | 'highlight' | 'orderedList' | 'bulletList';

const FORMATS: readonly { key: FormatKey; symbol: ReactNode; run: (editor: Editor) => void }[] = [
  { key: 'bold', symbol: <b>F</b>, run: (editor) => editor.chain().focus().toggleBold().run() },
  { key: 'italic', symbol: <i>K</i>, run: (editor) => editor.chain().focus().toggleItalic().run() },
  { key: 'underline', symbol: <u>U</u>, run: (editor) => editor.chain().focus().toggleUnderline().run() },
  {
    key: 'highlight',
    symbol: <mark>H</mark>,
    run: (editor) => editor.chain().focus().toggleHighlight().run(),
  },
  { key: 'orderedList', symbol: '1.', run: (editor) => editor.chain().focus().toggleOrderedList().run() },
  { key: 'bulletList', symbol: '•', run: (editor) => editor.chain().focus().toggleBulletList().run() },
];

/**
 * Rich text editor (TipTap) with a formatting toolbar: bold, italic, underline, highlight, numbered and
 * bulleted lists, undo, redo. The toolbar is one tab stop with arrow-key navigation (react-aria Toolbar);
 * the editing area is a named multi-line textbox. Import it lazily: TipTap is large.
 */
export function RichTextEditor({
  label,
  defaultValue = '',
  onChange,
  isDisabled = false,
  className,
}: RichTextEditorProps) {
  const { t } = useTranslation('ui');
  const labelId = useId();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: defaultValue,
    editable: !isDisabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(isDisabled ? { 'aria-disabled': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange?.(current.getHTML()),
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      highlight: current.isActive('highlight'),
      orderedList: current.isActive('orderedList'),
      bulletList: current.isActive('bulletList'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  return (
    <div className={[styles.editor, className].filter(Boolean).join(' ')}>
      <span id={labelId} className={styles.label} onClick={() => editor.commands.focus()}>
        {label}
      </span>
      <div className={styles.frame}>
        <Toolbar aria-label={t('editor.toolbar', { label })} className={styles.toolbar}>
          <div className={styles.group}>
            {FORMATS.map((format) => (
              <ToggleButton
                key={format.key}
                aria-label={t(`editor.${format.key}`)}
                isSelected={state[format.key]}
                onChange={() => format.run(editor)}
                isDisabled={isDisabled}
                className={styles.tool}
              >
                <span aria-hidden="true">{format.symbol}</span>
              </ToggleButton>
            ))}
          </div>
          <span className={styles.separator} aria-hidden="true" />
          <div className={styles.group}>
            <AriaButton
              aria-label={t('editor.undo')}
              isDisabled={isDisabled || !state.canUndo}
              onPress={() => editor.chain().focus().undo().run()}
              className={styles.tool}
            >
              <span aria-hidden="true">↶</span>
            </AriaButton>
            <AriaButton
              aria-label={t('editor.redo')}
              isDisabled={isDisabled || !state.canRedo}
              onPress={() => editor.chain().focus().redo().run()}
              className={styles.tool}
            >
              <span aria-hidden="true">↷</span>
            </AriaButton>
          </div>
        </Toolbar>
        <EditorContent editor={editor} className={styles.content} />
      </div>
    </div>
  );
}

export default RichTextEditor;
