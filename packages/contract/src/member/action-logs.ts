import { z } from 'zod';
import { optionalIdSchema } from '../ids.js';
import {
  blankToUndefined as blank,
  logQuerySchemas,
  optionalText,
  phoneFragmentSchema as phoneFragment,
} from '../list-query.js';
import { pageOf } from '../pagination.js';

const optionalId = optionalIdSchema('编号');

/** The member action log: what members did in the app. */
/** API paths of the member action log. */
export const ActionLogPaths = {
  list: '/v3/member/admin/actionLog/list',
  export: '/v3/member/admin/actionLog/export',
} as const;

/* -------------------------------------------------------------- action log */

export const MEMBER_ACTION_LABELS: Record<string, string> = {
  register: '注册',
  login: '登录',
  logout: '退出登录',
  profile: '修改资料',
  measure: '测量',
  check_in: '签到',
  redeem: '积分兑换',
  points: '积分变动',
  bind_device: '绑定设备',
  unbind_device: '解绑设备',
  consult: '在线问诊',
  view_report: '查看报告',
  logoff_apply: '申请注销',
  logoff: '账号注销',
};

/** MEMBER_ACTION_LABELS's English, for the English UI and the operation log. */
export const MEMBER_ACTION_LABELS_EN: Record<string, string> = {
  register: 'Register',
  login: 'Log in',
  logout: 'Log out',
  profile: 'Edit profile',
  measure: 'Measure',
  check_in: 'Check in',
  redeem: 'Redeem points',
  points: 'Points change',
  bind_device: 'Bind device',
  unbind_device: 'Unbind device',
  consult: 'Consultation',
  view_report: 'View report',
  logoff_apply: 'Log-off request',
  logoff: 'Account logged off',
};
export const MEMBER_ACTIONS = Object.keys(MEMBER_ACTION_LABELS) as [string, ...string[]];
/** The Chinese label of an action (the key itself when unknown). */
export function memberActionLabel(action: string): string {
  return Object.prototype.hasOwnProperty.call(MEMBER_ACTION_LABELS, action)
    ? (MEMBER_ACTION_LABELS[action] as string)
    : action;
}

export const actionLogItemSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  memberPhone: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  detail: z.string(),
  ip: z.string(),
  createdAt: z.number().int(),
});
export type ActionLogItem = z.infer<typeof actionLogItemSchema>;

const actionLogFilters = {
  memberId: optionalId,
  phone: phoneFragment,
  name: optionalText(30),
  action: z.preprocess(blank, z.enum(MEMBER_ACTIONS, { error: '行为类型不正确' }).optional()),
  ip: optionalText(64),
};
export const { exportQuery: actionLogExportQuerySchema, listQuery: actionLogListQuerySchema } =
  logQuerySchemas(actionLogFilters);
export type ActionLogExportQuery = z.infer<typeof actionLogExportQuerySchema>;
export type ActionLogListQuery = z.infer<typeof actionLogListQuerySchema>;
export const actionLogListSchema = pageOf(actionLogItemSchema);
