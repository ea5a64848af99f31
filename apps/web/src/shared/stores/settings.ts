import { create } from 'zustand';
import { DEFAULT_LAYOUT_SETTINGS, DEFAULT_UI_SIZE, StorageKeys } from '@health/contract';
import { readJson, writeJson } from '../session/storage';

export type Language = 'zh-CN' | 'en-US';
export type UiSize = 'small' | 'middle' | 'large';

/** What the operator chooses on this browser; kept across logins under StorageKeys.settings. */
export interface PersistedSettings {
  tagsView: boolean;
  language: Language;
  size: UiSize;
}

export interface SettingsState extends PersistedSettings {
  /** Product title: page titles end with it. Set from one place (site settings, later). */
  title: string;
  /** Console logo from the site settings (adminLogo, else logo); empty: the bundled logo. */
  logo: string;
  theme: string;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  showSettings: boolean;
  setTitle: (title: string) => void;
  setLogo: (logo: string) => void;
  setTagsView: (on: boolean) => void;
  setLanguage: (language: Language) => void;
  setSize: (size: UiSize) => void;
}

function loadPersisted(): PersistedSettings {
  const saved = readJson<Partial<PersistedSettings>>(StorageKeys.settings) ?? {};
  return {
    tagsView:
      typeof saved.tagsView === 'boolean' ? saved.tagsView : DEFAULT_LAYOUT_SETTINGS.tagsView,
    language: saved.language === 'en-US' ? 'en-US' : 'zh-CN',
    size: saved.size === 'small' || saved.size === 'large' ? saved.size : DEFAULT_UI_SIZE,
  };
}

export const useSettingsStore = create<SettingsState>()((set, get) => {
  const persist = (patch: Partial<PersistedSettings>) => {
    const { tagsView, language, size } = { ...get(), ...patch };
    writeJson(StorageKeys.settings, { tagsView, language, size });
    set(patch);
  };
  return {
    ...loadPersisted(),
    title: DEFAULT_LAYOUT_SETTINGS.title,
    logo: '',
    theme: DEFAULT_LAYOUT_SETTINGS.theme,
    fixedHeader: DEFAULT_LAYOUT_SETTINGS.fixedHeader,
    sidebarLogo: DEFAULT_LAYOUT_SETTINGS.sidebarLogo,
    showSettings: DEFAULT_LAYOUT_SETTINGS.showSettings,
    setTitle: (title) => set({ title: title || DEFAULT_LAYOUT_SETTINGS.title }),
    setLogo: (logo) => set({ logo }),
    setTagsView: (tagsView) => persist({ tagsView }),
    setLanguage: (language) => persist({ language }),
    setSize: (size) => persist({ size }),
  };
});
