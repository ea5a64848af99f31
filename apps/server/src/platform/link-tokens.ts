import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a public link (a report's share link, a page's preview link):
 * `base64url(JSON {l: linkId, e: expiresAt})` + "." + `base64url(HMAC-SHA256(payload))`, keyed by
 * a key derived for each kind of link only (`SecretBox.deriveKey(label)`), so a token of one kind
 * never opens another. The link's row (health_report_links, decorate_preview_links) is what can
 * revoke it.
 */
export const REPORT_LINK_KEY_LABEL = 'health:report-link:v1';

export interface LinkClaims {
  linkId: number;
  expiresAt: number;
}

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload, 'utf8').digest();
}

export function signLinkToken(key: Buffer, claims: LinkClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ l: claims.linkId, e: claims.expiresAt }),
    'utf8',
  ).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The claims of a well-formed token with a valid signature, else null. */
export function verifyLinkToken(key: Buffer, token: string): LinkClaims | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!BASE64URL.test(payload) || !BASE64URL.test(signature)) return null;
  const given = Buffer.from(signature, 'base64url');
  // Only the canonical encoding: a signature with extra trailing bits is not the same token.
  if (given.toString('base64url') !== signature) return null;
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { l, e } = claims as { l?: unknown; e?: unknown };
  if (!Number.isSafeInteger(l) || !Number.isSafeInteger(e) || (l as number) <= 0) return null;
  return { linkId: l as number, expiresAt: e as number };
}
