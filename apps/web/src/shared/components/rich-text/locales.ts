import { type BilingualTable, registerBilingualLocale } from '../../i18n';

/** Each string as [zh-CN, en-US]. */
const strings = {
  heading: ['标题{{level}}', 'Heading {{level}}'],
  bold: ['加粗', 'Bold'],
  italic: ['斜体', 'Italic'],
  underline: ['下划线', 'Underline'],
  strike: ['删除线', 'Strikethrough'],
  bulletList: ['无序列表', 'Bulleted list'],
  orderedList: ['有序列表', 'Numbered list'],
  quote: ['引用', 'Quote'],
  link: ['插入链接', 'Insert link'],
  undo: ['撤销', 'Undo'],
  redo: ['重做', 'Redo'],
  source: ['HTML源码', 'HTML source'],
  visual: ['返回可视化编辑', 'Back to visual editing'],
  toolbar: ['格式工具栏', 'Formatting toolbar'],
  content: ['富文本内容', 'Rich text'],
  loading: ['编辑器加载中', 'Loading the editor'],
  unsupported: [
    '内容包含表格或图片，可视化编辑器无法保留，请在源码模式下编辑。',
    'The content has tables or images the visual editor cannot keep: edit it as HTML source.',
  ],
  linkAddress: ['链接地址（留空则移除链接）', 'Link address (empty removes the link)'],
  linkInvalid: [
    '链接需以 http://、https://、mailto: 或 tel: 开头',
    'A link starts with http://, https://, mailto: or tel:',
  ],
  ok: ['确定', 'OK'],
  cancel: ['取消', 'Cancel'],
} satisfies BilingualTable;

/** Strings of the rich-text editor, namespace "richText". */
export const RICH_TEXT_NS = registerBilingualLocale('richText', strings);
