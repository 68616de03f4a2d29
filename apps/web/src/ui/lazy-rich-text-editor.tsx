import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from './loading';
import type { RichTextEditorProps } from './rich-text-editor';

// TipTap and ProseMirror are loaded only when an editor is actually shown, never with the public area.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The rich text editor, fetched on first use; shows 'Editor wird geladen …' meanwhile. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation('ui');
  return (
    <Suspense fallback={<Loading label={t('editor.loading')} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
