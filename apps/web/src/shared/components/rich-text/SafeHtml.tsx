import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import './rich-text.css';

/**
 * Rich text stored by the server, rendered safely: the server already sanitised it on save; this
 * runs DOMPurify again before the HTML reaches the page (defence in depth — old rows, other
 * writers). Scripts, styles, frames, event handlers and javascript: URLs never render; links get
 * rel="noopener noreferrer"; images only from https or this site.
 *
 * Import it from this file: pages that only render rich text must not load the editor
 * (RichTextEditor.tsx, tiptap), which lives in its own chunk.
 */

const purifier = DOMPurify();

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('rel', 'noopener noreferrer');
    if (node.getAttribute('target') !== '_blank') node.removeAttribute('target');
  }
  if (node.tagName === 'IMG') {
    const src = (node.getAttribute('src') ?? '').trim();
    const allowed = /^https:\/\//i.test(src) || (src.startsWith('/') && !src.startsWith('//'));
    // Dropping the source is enough: an image without one loads nothing.
    if (!allowed) node.removeAttribute('src');
  }
});

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'button', 'iframe', 'object'],
  FORBID_ATTR: ['style', 'srcset'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
};

/** Sanitise HTML for rendering (exported for tests and previews). */
export function purifyHtml(html: string): string {
  return purifier.sanitize(html, CONFIG);
}

export interface SafeHtmlProps {
  html: string;
  className?: string;
  'data-testid'?: string;
}

export function SafeHtml({ html, className, ...rest }: SafeHtmlProps) {
  const clean = useMemo(() => purifyHtml(html), [html]);
  return (
    <div
      className={className ? `rich-text-content ${className}` : 'rich-text-content'}
      data-testid={rest['data-testid']}
      // Sanitised just above by DOMPurify.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
