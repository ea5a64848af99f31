import { SCREEN_TOKEN_FRAGMENT } from '@health/contract';

/**
 * The screen link's token of this page, from the address's fragment (`#screen=`): null when the
 * screen was opened by an operator with their session. (Its own small module: the page registry
 * asks it before the screen's code is loaded.)
 */
export function screenLinkToken(): string | null {
  if (typeof window === 'undefined') return null;
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const token = fragment.get(SCREEN_TOKEN_FRAGMENT);
  return token && token.length > 0 ? token : null;
}
