import { registerFeatureLocale } from '../../i18n';

const zh = {
  save: '保存',
  reset: '重置',
  saved: '已保存',
  savedAt: '最近保存：{{at}}',
  savedBy: '（{{by}}）',
  neverSaved: '尚未保存过，当前显示的是默认值',
  readOnly: '当前账号没有编辑权限，仅可查看',
  loadError: '配置加载失败',
  retry: '重试',
  invalid: '有 {{count}} 处填写有误，请按提示修改',
  leaveTitle: '有未保存的修改',
  leaveContent: '离开后本页的修改将丢失，确定离开吗？',
  leave: '离开',
  stay: '留在本页',
  dirty: '有未保存的修改',
};
const en: typeof zh = {
  save: 'Save',
  reset: 'Reset',
  saved: 'Saved',
  savedAt: 'Last saved: {{at}}',
  savedBy: ' ({{by}})',
  neverSaved: 'Never saved: these are the defaults',
  readOnly: 'Your account cannot edit this page',
  loadError: 'Failed to load the settings',
  retry: 'Retry',
  invalid: '{{count}} field(s) need fixing',
  leaveTitle: 'Unsaved changes',
  leaveContent: 'Leave this page and lose your changes?',
  leave: 'Leave',
  stay: 'Stay',
  dirty: 'Unsaved changes',
};

/** Strings of the shared settings form (its own namespace; features keep theirs). */
export const SETTINGS_FORM_NS = registerFeatureLocale('settingsForm', zh, en);
