import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

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
  return (
    <Suspense
      fallback={
        <Skeleton.Node
          active
          style={{ width: '100%', height: (props.minHeight ?? 240) + 40 }}
          aria-label="编辑器加载中"
        >
          <span />
        </Skeleton.Node>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}
