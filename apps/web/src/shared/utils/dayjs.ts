import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useSettingsStore } from '../stores/settings';

/**
 * dayjs in the interface language. Pages that show or pick dates (antd DatePicker uses dayjs)
 * import dayjs from here, so the locale is set before first use; the shell itself does not carry
 * dayjs (landing bundle budget).
 */
const apply = (language: string) => dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
apply(useSettingsStore.getState().language);
useSettingsStore.subscribe((s, prev) => {
  if (s.language !== prev.language) apply(s.language);
});

export { dayjs };
