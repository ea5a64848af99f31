/**
 * The address of an image a page document names, if the page may show it: an upload of this site
 * ("/uploads/…", any same-site path) or an https address — what publishing accepts. Anything else
 * (empty, http, `javascript:`, `data:`, protocol-relative "//host") is null: the block shows its
 * neutral placeholder instead.
 */
export function imageSource(value: string | null | undefined): string | null {
  const src = (value ?? '').trim();
  if (src === '') return null;
  if (/^https:\/\/[^\s/]/i.test(src)) return src;
  if (/^\/(?![/\\])/.test(src)) return src;
  return null;
}
