import { ConfigProvider, message, Modal } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { prefersReducedMotion } from '../hooks/use-reduced-motion';
import { useSettingsStore } from '../stores/settings';

// antd's static message and confirm render outside the React tree: give them the app's theme and
// locale. Loaded on first use (see feedback.ts).
ConfigProvider.config({
  holderRender: (children) => {
    const { theme, language } = useSettingsStore.getState();
    return (
      <ConfigProvider
        theme={{ token: { colorPrimary: theme, motion: !prefersReducedMotion() } }}
        locale={language === 'en-US' ? enUS : zhCN}
      >
        {children}
      </ConfigProvider>
    );
  },
});

export { message };

/** A confirm dialog usable outside React (the API client's re-login confirm). */
export const confirm = Modal.confirm;
