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
import { useTranslation } from 'react-i18next';
import type { RichTextEditorProps } from './RichTextEditor';
import { RICH_TEXT_NS } from './locales';
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
  const { t } = useTranslation(RICH_TEXT_NS);
  return (
    <ToolButton
      title={t('heading', { level })}
      active={editor.isActive('heading', { level })}
      disabled={!editor.isEditable}
      onClick={() => editor.chain().focus().toggleHeading({ level }).run()}
    >
      H{level}
    </ToolButton>
  );
}

/** A toolbar toggle of a mark or a block: its name (also its title's key), icon, command. */
interface Toggle {
  icon: ReactNode;
  name: string;
  toggle: (chain: ChainedCommands) => ChainedCommands;
}

const TEXT_TOGGLES: Toggle[] = [
  { icon: <BoldOutlined />, name: 'bold', toggle: (c) => c.toggleBold() },
  { icon: <ItalicOutlined />, name: 'italic', toggle: (c) => c.toggleItalic() },
  {
    icon: <UnderlineOutlined />,
    name: 'underline',
    toggle: (c) => c.toggleUnderline(),
  },
  {
    icon: <StrikethroughOutlined />,
    name: 'strike',
    toggle: (c) => c.toggleStrike(),
  },
];

const LIST_TOGGLES: Toggle[] = [
  {
    icon: <UnorderedListOutlined />,
    name: 'bulletList',
    toggle: (c) => c.toggleBulletList(),
  },
  {
    icon: <OrderedListOutlined />,
    name: 'orderedList',
    toggle: (c) => c.toggleOrderedList(),
  },
];

/** The tiptap editor behind RichTextEditor (loaded on demand: it is the heavy part). */
export default function TiptapEditor(props: RichTextEditorProps) {
  const { value = '', onChange, id, disabled = false, minHeight = 240 } = props;
  const { status } = Form.Item.useStatus();
  const { t } = useTranslation(RICH_TEXT_NS);
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
        'aria-label': props['aria-label'] ?? t('content'),
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
      setLinkError(t('linkInvalid'));
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLinkOpen(false);
  };

  const off = disabled || source;
  const chain = () => editor.chain().focus();
  const toggleButton = ({ icon, name, toggle }: Toggle) => (
    <ToolButton
      key={name}
      title={t(name)}
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
      <div className="rich-text-toolbar" role="toolbar" aria-label={t('toolbar')}>
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
              title={t('quote')}
              active={editor.isActive('blockquote')}
              disabled={off}
              onClick={() => chain().toggleBlockquote().run()}
            >
              “ ”
            </ToolButton>
            <ToolButton
              title={t('link')}
              icon={<LinkOutlined />}
              active={editor.isActive('link')}
              disabled={off}
              onClick={openLink}
            />
            <span className="rich-text-divider" />
            <ToolButton
              title={t('undo')}
              icon={<UndoOutlined />}
              disabled={off || !editor.can().undo()}
              onClick={() => chain().undo().run()}
            />
            <ToolButton
              title={t('redo')}
              icon={<RedoOutlined />}
              disabled={off || !editor.can().redo()}
              onClick={() => chain().redo().run()}
            />
            <span className="rich-text-divider" />
          </>
        )}
        <ToolButton
          title={source ? t('visual') : t('source')}
          icon={<CodeOutlined />}
          active={source}
          disabled={disabled}
          onClick={toggleSource}
        />
      </div>
      {source && UNSUPPORTED_MARKUP.test(sourceText) && (
        <Alert type="info" showIcon banner message={t('unsupported')} />
      )}
      {source ? (
        <Input.TextArea
          className="rich-text-source"
          aria-label={t('source')}
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
        title={t('link')}
        open={linkOpen}
        okText={t('ok')}
        cancelText={t('cancel')}
        onOk={applyLink}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label={t('linkAddress')}
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
