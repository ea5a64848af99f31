import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { RICH_TEXT_NS } from './locales';

/**
 * A rich-text editor usable as an antd Form item value (`value` / `onChange` are HTML strings;
 * an empty document is ""). tiptap with StarterKit — headings, bold, italic, underline, strike,
 * lists, quote, links, undo/redo — and an HTML source mode (see TiptapEditor.tsx). tiptap and
 * ProseMirror are loaded on demand, in their own chunk, so the page using the editor stays small.
 * The server sanitises whatever is saved; render stored HTML with SafeHtml.
 *
 *   <Form.Item name="content" label="内容" rules={[{ required: true, message: '请输入内容' }]}>
 *     <RichTextEditor />
 *   </Form.Item>
 */
export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  disabled?: boolean;
  /** Minimum height of the editing area in px (default 240). */
  minHeight?: number;
  'aria-label'?: string;
}

const TiptapEditor = lazy(() => import('./TiptapEditor'));

export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation(RICH_TEXT_NS);
  return (
    <Suspense
      fallback={
        <Skeleton.Node
          active
          style={{ width: '100%', height: (props.minHeight ?? 240) + 40 }}
          aria-label={t('loading')}
        >
          <span />
        </Skeleton.Node>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}
