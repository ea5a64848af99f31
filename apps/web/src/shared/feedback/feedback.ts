import { ERROR_NOTICE_MS, TOAST_MS } from '@health/contract';
import { i18n, localMessage } from '../i18n';

/**
 * Messages (toasts) for code inside and outside React (the API client). antd's message is loaded
 * on first use (its chunk is not part of /login's initial load) and themed in ./antd-static.tsx.
 * A server's or the contract's Chinese message is shown in English when English is chosen.
 */
export interface NoticeOptions {
  content: string;
  /** Seconds. */
  duration: number;
  /** A notice with the same key replaces the previous one. */
  key?: string;
}

export function notice(
  kind: 'success' | 'error' | 'info' | 'warning',
  options: NoticeOptions,
): void {
  void import('./antd-static').then(({ message }) => {
    void message.open({ type: kind, ...options, content: localMessage(options.content) });
  });
}

/**
 * Toast helper (spec §8): success with a default text, error with a default text but nothing at
 * all when the message is an empty string; shown for TOAST_MS.
 */
export const toast = {
  success(msg?: string): void {
    notice('success', { content: msg || i18n.t('common.success'), duration: TOAST_MS / 1000 });
  },
  /** Done, with something else to act on (shown as long as an error notice). */
  warning(msg: string): void {
    notice('warning', { content: msg, duration: ERROR_NOTICE_MS / 1000 });
  },
  error(msg?: string): void {
    if (msg === '') return;
    notice('error', { content: msg ?? i18n.t('common.failed'), duration: TOAST_MS / 1000 });
  },
};
