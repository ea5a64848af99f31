import { formatChinaDate } from '@health/contract';

/**
 * When a preview link expires, read from its token (`base64url(JSON {l, e})` + "." + signature,
 * apps/server/src/platform/link-tokens.ts): the server checked the signature and the expiry before
 * it answered with the page, so the expiry of a token it answered for is the link's. Null when the
 * token does not carry one.
 */
export function previewExpiry(token: string): number | null {
  const payload = token.split('.')[0] ?? '';
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as unknown;
    const e = (claims as { e?: unknown } | null)?.e;
    return typeof e === 'number' && Number.isSafeInteger(e) && e > 0 ? e : null;
  } catch {
    return null;
  }
}

/** The expiry as the banner shows it: HH:mm today, MM-DD HH:mm on another day (local time). */
export function expiryText(expiresAt: number, now: number = Date.now()): string {
  const sameDay = formatChinaDate(expiresAt, '{y}-{m}-{d}') === formatChinaDate(now, '{y}-{m}-{d}');
  return formatChinaDate(expiresAt, sameDay ? '{h}:{i}' : '{m}-{d} {h}:{i}');
}
