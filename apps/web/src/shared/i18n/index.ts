import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCN from './locales/zh-CN';
import { useSettingsStore, type Language } from '../stores/settings';
import { setMessagesActive, setMessageTable } from './messages';

/**
 * react-i18next with zh-CN (default, bundled) and en-US (loaded when chosen); the chosen language
 * is kept in the settings store.
 */
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN } },
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

// The contract's and the server's Chinese messages follow the language (./messages.ts).
i18n.on('languageChanged', (language) => setMessagesActive(language === 'en-US'));

async function ensureLoaded(language: Language): Promise<void> {
  if (language !== 'en-US' || i18n.hasResourceBundle('en-US', 'translation')) return;
  const [{ default: enUS }, { EN_MESSAGES }] = await Promise.all([
    import('./locales/en-US'),
    import('./locales/en-US-messages'),
  ]);
  setMessageTable(EN_MESSAGES);
  i18n.addResourceBundle('en-US', 'translation', enUS, true, true);
}

export async function changeLanguage(language: Language): Promise<void> {
  useSettingsStore.getState().setLanguage(language);
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
}

const saved = useSettingsStore.getState().language;
if (saved !== 'zh-CN') void changeLanguage(saved);

/** A catalogue title in the current language (catalogue entries carry title and titleEn). */
export function localTitle(item: { title: string; titleEn?: string }, language: string): string {
  return language === 'en-US' && item.titleEn ? item.titleEn : item.title;
}

export { i18n };
export { localMessage } from './messages';

/**
 * A feature's own strings, as an i18next namespace named after the feature (its area name): the
 * feature's `locales.ts` ends with `export const AUTHORITY_NS = registerFeatureLocale('authority',
 * zh, en)` (it registers the strings and names the namespace), then `useTranslation(AUTHORITY_NS)`
 * in its pages. Each feature ships its strings in its own lazy chunk
 * instead of growing the shell's bundle, and features never edit each other's files.
 */
export function registerFeatureLocale<N extends string, T extends Record<string, unknown>>(
  namespace: N,
  zh: T,
  en: { [K in keyof T]: T[K] extends string ? string : T[K] },
): N {
  if (i18n.hasResourceBundle('zh-CN', namespace)) return namespace;
  i18n.addResourceBundle('zh-CN', namespace, zh, true, true);
  i18n.addResourceBundle('en-US', namespace, en, true, true);
  return namespace;
}

/** A feature's strings as one table: each leaf is `[zh-CN, en-US]`. */
export interface BilingualTable {
  [key: string]: readonly [string, string] | BilingualTable;
}

/** One language of a bilingual table: 0 is zh-CN, 1 is en-US. */
function side(table: BilingualTable, language: 0 | 1): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(table).map(([key, value]) => [
      key,
      Array.isArray(value) ? value[language] : side(value as BilingualTable, language),
    ]),
  );
}

/**
 * `registerFeatureLocale` for a feature that keeps each string's two languages side by side
 * (`title: ['会员列表', 'Members']`) instead of two tables of the same keys.
 */
export function registerBilingualLocale<N extends string>(namespace: N, table: BilingualTable): N {
  const zh = side(table, 0);
  return registerFeatureLocale(namespace, zh, side(table, 1) as typeof zh);
}
