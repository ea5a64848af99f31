import { useTranslation } from 'react-i18next';
import { useSettingsStore, type Language } from '../stores/settings';
import { changeLanguage } from './index';
import './language-switch.css';

/** The two languages, each named in itself (so its own readers find it). */
export const LANGUAGES: readonly { key: Language; label: string }[] = [
  { key: 'zh-CN', label: '简体中文' },
  { key: 'en-US', label: 'English' },
];

/**
 * The language switch of pages without the top bar (login, /openinstall): one button per language,
 * the current one pressed. Same store as the user dropdown's switch, so the choice persists.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = useSettingsStore((s) => s.language);
  return (
    <div
      className={className ? `language-switch ${className}` : 'language-switch'}
      role="group"
      aria-label={t('nav.language')}
    >
      {LANGUAGES.map((l) => (
        <button
          key={l.key}
          type="button"
          lang={l.key}
          aria-pressed={language === l.key}
          onClick={() => void changeLanguage(l.key)}
        >
          {l.label}
        </button>
      ))}
    </div>
  );
}
