import { type BilingualTable, registerBilingualLocale } from '../../shared/i18n';

/** Strings of 应用中心, each as [zh-CN, en-US]. */
const strings = {
  on: ['已开启', 'On'],
  off: ['已关闭', 'Off'],
  noSwitch: ['常开', 'Always on'],
  switchLabel: ['开启{{name}}', 'Turn {{name}} on'],
  turnedOn: ['{{name}}已开启', '{{name}} is on'],
  turnedOff: ['{{name}}已关闭', '{{name}} is off'],
  today: ['今日{{metric}}', '{{metric}} today'],
  asOf: ['数据截至 {{time}}', 'As of {{time}}'],
  empty: ['没有可以打开的应用', 'No applications you may open'],
} satisfies BilingualTable;

/** Namespace "marketing": 应用中心. */
export const MARKETING_NS = registerBilingualLocale('marketing', strings);
