import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '@health/contract';

/**
 * The server names every module, action, field and value of the log in both languages
 * (apps/server/src/platform/audit-labels.ts); the page shows the one of the UI.
 */
export function useLocalText(): (text: LocalizedText) => string {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en-US';
  return useCallback((text: LocalizedText) => (english ? text.en : text.zh), [english]);
}
