import { useEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { HEADER_HEIGHT_PX } from '@health/contract';
import { useReducedMotion } from '../shared/hooks/use-reduced-motion';
import { useSettingsStore, type Language } from '../shared/stores/settings';

/** antd locale of the chosen language (antd bundles en_US anyway: it is its default). */
function useLocale(language: Language): Locale {
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return language === 'en-US' ? enUS : zhCN;
}

export function Providers({ children }: { children: ReactNode }) {
  const { language, theme, size } = useSettingsStore();
  const locale = useLocale(language);
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider
      locale={locale}
      componentSize={size}
      // Button text exactly as written (antd would render 登录 as 登 录), also for accessible names.
      button={{ autoInsertSpace: false }}
      theme={{
        // No animations for a user whose system asks for less motion.
        token: { colorPrimary: theme, borderRadius: 6, motion: !reducedMotion },
        components: { Layout: { headerHeight: HEADER_HEIGHT_PX, headerPadding: '0 12px' } },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
