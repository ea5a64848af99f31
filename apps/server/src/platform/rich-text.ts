import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for rich text saved by operators (agreements, notices, goods descriptions).
 * Everything else is dropped: script/style/iframe (with their text), event handler attributes,
 * style attributes, and URLs outside the allowed schemes (javascript:, data:, vbscript:, ...).
 * The web renders stored HTML through DOMPurify once more (SafeHtml).
 */

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** An image is kept only from https or from this site (a path starting with one "/"). */
function isAllowedImageSrc(src: string | undefined): boolean {
  if (!src) return false;
  const value = src.trim();
  return /^https:\/\//i.test(value) || (value.startsWith('/') && !value.startsWith('//'));
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'a',
    'img',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
  },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { a: LINK_SCHEMES, img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { rel: 'noopener noreferrer' };
      if (attribs.href) out.href = attribs.href;
      if (attribs.title) out.title = attribs.title;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSrc(frame.attribs.src),
};

/** Sanitise operator-written HTML with the allow-list above. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when sanitised HTML shows nothing: no text and no image. */
export function isBlankRichText(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|\s/g, '') === '';
}
