import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input, Modal, Tooltip } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, type ChainedCommands, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { isExternal } from '@health/contract';
import type { RichTextEditorProps } from './RichTextEditor';
import './rich-text.css';

/**
 * The editor itself (see RichTextEditor.tsx for the API). HTML the visual editor cannot keep
 * (tables, images) opens in source mode so that saving does not drop it.
 */

/** Markup the StarterKit schema has no node for: editing it visually would lose it. */
const UNSUPPORTED_MARKUP = /<(table|img|video|audio)\b/i;
const EMPTY_DOC = /^<p>\s*<\/p>$/;

const htmlOf = (editor: Editor): string => {
  const html = editor.getHTML();
  return EMPTY_DOC.test(html) ? '' : html;
};

interface ToolButtonProps {
  title: string;
  icon?: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  /** A text label, for a button without an icon. */
  children?: ReactNode;
}

function ToolButton({ title, icon, active, disabled, onClick, children }: ToolButtonProps) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        className={active ? 'is-active' : undefined}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

function HeadingButton({ editor, level }: { editor: Editor; level: 1 | 2 | 3 }) {
  return (
    <ToolButton
      title={`标题${level}`}
      active={editor.isActive('heading', { level })}
      disabled={!editor.isEditable}
      onClick={() => editor.chain().focus().toggleHeading({ level }).run()}
    >
      H{level}
    </ToolButton>
  );
}

/** A toolbar toggle of a mark or a block: its title, icon, the name it is active under, the command. */
interface Toggle {
  title: string;
  icon: ReactNode;
  name: string;
  toggle: (chain: ChainedCommands) => ChainedCommands;
}

const TEXT_TOGGLES: Toggle[] = [
  { title: '加粗', icon: <BoldOutlined />, name: 'bold', toggle: (c) => c.toggleBold() },
  { title: '斜体', icon: <ItalicOutlined />, name: 'italic', toggle: (c) => c.toggleItalic() },
  {
    title: '下划线',
    icon: <UnderlineOutlined />,
    name: 'underline',
    toggle: (c) => c.toggleUnderline(),
  },
  {
    title: '删除线',
    icon: <StrikethroughOutlined />,
    name: 'strike',
    toggle: (c) => c.toggleStrike(),
  },
];

const LIST_TOGGLES: Toggle[] = [
  {
    title: '无序列表',
    icon: <UnorderedListOutlined />,
    name: 'bulletList',
    toggle: (c) => c.toggleBulletList(),
  },
  {
    title: '有序列表',
    icon: <OrderedListOutlined />,
    name: 'orderedList',
    toggle: (c) => c.toggleOrderedList(),
  },
];

/** The tiptap editor behind RichTextEditor (loaded on demand: it is the heavy part). */
export default function TiptapEditor(props: RichTextEditorProps) {
  const { value = '', onChange, id, disabled = false, minHeight = 240 } = props;
  const { status } = Form.Item.useStatus();
  /** The last HTML this component emitted or loaded, to tell outside changes from our own. */
  const lastHtml = useRef(value);
  const [source, setSource] = useState(() => UNSUPPORTED_MARKUP.test(value));
  const [sourceText, setSourceText] = useState(value);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkHref, setLinkHref] = useState('');
  const [linkError, setLinkError] = useState('');

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['mailto', 'tel'],
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        },
      }),
    ],
    content: value,
    editable: !disabled,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        'aria-label': props['aria-label'] ?? '富文本内容',
        style: `min-height:${minHeight}px`,
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      lastHtml.current = html;
      onChange?.(html);
    },
  });

  // A value set from outside (a loaded record, a form reset) replaces the document.
  useEffect(() => {
    if (value === lastHtml.current) return;
    lastHtml.current = value;
    setSourceText(value);
    if (UNSUPPORTED_MARKUP.test(value)) setSource(true);
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  const toggleSource = () => {
    if (source) {
      editor.commands.setContent(sourceText, { emitUpdate: false });
      const html = htmlOf(editor);
      lastHtml.current = html;
      onChange?.(html);
      setSource(false);
    } else {
      setSourceText(lastHtml.current);
      setSource(true);
    }
  };

  const openLink = () => {
    setLinkHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkError('');
    setLinkOpen(true);
  };
  const applyLink = () => {
    const href = linkHref.trim();
    if (href === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setLinkOpen(false);
      return;
    }
    if (!isExternal(href)) {
      setLinkError('链接需以 http://、https://、mailto: 或 tel: 开头');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLinkOpen(false);
  };

  const off = disabled || source;
  const chain = () => editor.chain().focus();
  const toggleButton = ({ title, icon, name, toggle }: Toggle) => (
    <ToolButton
      key={name}
      title={title}
      icon={icon}
      active={editor.isActive(name)}
      disabled={off}
      onClick={() => toggle(chain()).run()}
    />
  );
  const classes = ['rich-text-editor'];
  if (disabled) classes.push('is-disabled');
  if (status === 'error') classes.push('has-error');

  return (
    <div className={classes.join(' ')} data-testid="rich-text-editor">
      <div className="rich-text-toolbar" role="toolbar" aria-label="格式工具栏">
        {!source && (
          <>
            <HeadingButton editor={editor} level={1} />
            <HeadingButton editor={editor} level={2} />
            <HeadingButton editor={editor} level={3} />
            <span className="rich-text-divider" />
            {TEXT_TOGGLES.map(toggleButton)}
            <span className="rich-text-divider" />
            {LIST_TOGGLES.map(toggleButton)}
            <ToolButton
              title="引用"
              active={editor.isActive('blockquote')}
              disabled={off}
              onClick={() => chain().toggleBlockquote().run()}
            >
              “ ”
            </ToolButton>
            <ToolButton
              title="插入链接"
              icon={<LinkOutlined />}
              active={editor.isActive('link')}
              disabled={off}
              onClick={openLink}
            />
            <span className="rich-text-divider" />
            <ToolButton
              title="撤销"
              icon={<UndoOutlined />}
              disabled={off || !editor.can().undo()}
              onClick={() => chain().undo().run()}
            />
            <ToolButton
              title="重做"
              icon={<RedoOutlined />}
              disabled={off || !editor.can().redo()}
              onClick={() => chain().redo().run()}
            />
            <span className="rich-text-divider" />
          </>
        )}
        <ToolButton
          title={source ? '返回可视化编辑' : 'HTML源码'}
          icon={<CodeOutlined />}
          active={source}
          disabled={disabled}
          onClick={toggleSource}
        />
      </div>
      {source && UNSUPPORTED_MARKUP.test(sourceText) && (
        <Alert
          type="info"
          showIcon
          banner
          message="内容包含表格或图片，可视化编辑器无法保留，请在源码模式下编辑。"
        />
      )}
      {source ? (
        <Input.TextArea
          className="rich-text-source"
          aria-label="HTML源码"
          value={sourceText}
          disabled={disabled}
          autoSize={{ minRows: Math.round(minHeight / 22), maxRows: 30 }}
          onChange={(e) => {
            setSourceText(e.target.value);
            lastHtml.current = e.target.value;
            onChange?.(e.target.value);
          }}
        />
      ) : (
        <EditorContent editor={editor} />
      )}
      <Modal
        title="插入链接"
        open={linkOpen}
        okText="确定"
        cancelText="取消"
        onOk={applyLink}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label="链接地址（留空则移除链接）"
            validateStatus={linkError ? 'error' : undefined}
            help={linkError || undefined}
          >
            <Input
              autoFocus
              value={linkHref}
              placeholder="https://"
              onChange={(e) => setLinkHref(e.target.value)}
              onPressEnter={applyLink}
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
