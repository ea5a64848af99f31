/**
 * Copy text to the clipboard; true when it was copied. `navigator.clipboard` exists only in a
 * secure context (https or localhost): on a plain-HTTP intranet address the old `execCommand`
 * copy of a selected, off-screen text area still works in today's browsers. The caller says
 * what happened — never "copied" when it was not.
 */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, document not focused): try the old way.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  Object.assign(area.style, { position: 'fixed', top: '0', left: '-9999px', opacity: '0' });
  document.body.appendChild(area);
  const focused = document.activeElement as HTMLElement | null;
  try {
    area.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus?.();
  }
}
