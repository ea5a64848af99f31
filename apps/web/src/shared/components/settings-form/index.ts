import './locales';

export { SettingsForm, type SettingsFormContext, type SettingsFormProps } from './SettingsForm';
export { fetchSettings, settingsKeys, useSettingsSection } from './settings-api';
