import {
  ACTION_SEPARATOR,
  GroupMessages,
  OperatorMessages,
  STAFF_ROLE_LABELS,
  findPage,
  permissionKeyTitle,
} from '@health/contract';
import { enumFormat, type AuditLabels, type Bilingual } from '../../platform/audit-labels.js';

/** English of the catalogue's usual page actions (the catalogue names actions in Chinese only). */
const ACTION_TITLES_EN: Record<string, string> = {
  add: 'Add',
  edit: 'Edit',
  delete: 'Delete',
  export: 'Export',
  reveal: 'Reveal',
};

/** A permission key ("/sysset_authority/authority_member:add") as its page and action titles. */
function permissionTitles(key: string): Bilingual {
  const sep = key.indexOf(ACTION_SEPARATOR);
  const page = findPage(sep < 0 ? key : key.slice(0, sep));
  if (!page) return [key, key];
  const action = sep < 0 ? '' : key.slice(sep + 1);
  const en = action ? `${page.titleEn} · ${ACTION_TITLES_EN[action] ?? action}` : page.titleEn;
  return [permissionKeyTitle(key), en];
}

/** A group's resources: each page and action by its title. */
function resources(value: unknown): Bilingual {
  if (!Array.isArray(value)) return [String(value), String(value)];
  if (value.length === 0) return ['（无）', '(none)'];
  const titles = value.map((k) => permissionTitles(String(k)));
  return [titles.map((t) => t[0]).join('、'), titles.map((t) => t[1]).join(', ')];
}

/** What the authority area writes to the operation log (groups, operators, the log's export). */
export const AUTHORITY_AUDIT_LABELS: AuditLabels = {
  modules: { authority: ['权限管理', 'Permissions'] },
  actions: {
    resetPwd: ['重置密码', 'Reset password'],
    revokeSession: ['结束会话', 'End session'],
    revokeMySession: ['结束自己的会话', 'End own session'],
    // Written by earlier versions; old entries keep their names.
    reset: ['重置密码', 'Reset password'],
    session: ['会话管理', 'Sessions'],
    revoke: ['结束会话', 'End session'],
  },
  fields: {
    authority: {
      username: ['用户名', 'User name'],
      realName: ['真实姓名', 'Real name'],
      introduction: ['简介', 'Introduction'],
      group: ['权限组', 'Permission group'],
      groupId: ['权限组编号', 'Permission group ID'],
      staffRole: {
        label: ['岗位', 'Staff role'],
        format: enumFormat(STAFF_ROLE_LABELS, {
          admin: 'Administrator',
          doctor: 'Doctor',
          assistant: "Doctor's assistant",
          operator: 'Operator',
        }),
      },
      enabled: ['启用', 'Enabled'],
      endedSessions: ['结束的会话数', 'Sessions ended'],
      needChangeType: {
        label: ['需修改密码', 'Password change due'],
        format: {
          values: {
            first: ['首次登录需修改', 'At first login'],
            over90: ['超过90天需修改', 'Older than 90 days'],
          },
        },
      },
      initialPassword: ['初始密码', 'Initial password'],
      resources: { label: ['权限', 'Permissions'], format: resources },
      resourceCount: ['权限数', 'Permissions held'],
      updatedBy: ['修改人', 'Changed by'],
      ip: ['IP', 'IP'],
      userAgent: ['浏览器', 'Browser'],
      revoked: ['已结束', 'Ended'],
      // The operation log's export filter.
      operatorName: ['操作员', 'Operator'],
      module: ['模块', 'Module'],
      action: ['操作', 'Action'],
      result: {
        label: ['结果', 'Result'],
        format: { values: { success: ['成功', 'Success'], failure: ['失败', 'Failure'] } },
      },
    },
  },
  targetWords: {
    权限组: 'Permission group',
    操作员: 'Operator',
    的会话: "'s session",
    操作日志: 'Operation log',
  },
  messages: {
    [OperatorMessages.superAdminOnly]:
      'Only a super-admin may add, change, reset or disable a super-admin',
    [OperatorMessages.operatorBeyondOwn]:
      "The operator's group holds permissions you do not hold: not yours to manage",
    [OperatorMessages.groupNotHeld]:
      'The group holds permissions you do not hold: not yours to assign',
    [OperatorMessages.ownGroupChange]:
      'You cannot change your own group; ask another administrator',
    [GroupMessages.groupBeyondOwn]:
      'The group holds permissions you do not hold: not yours to change or delete',
    [GroupMessages.ownGroupLocked]:
      "You cannot change your own group's permissions; ask another administrator",
    查看手机号明文: 'Revealed the phone number',
    // The demo data's group edits.
    修改权限组: 'Permission group changed',
  },
  messagePatterns: [
    [/^不能授予你自己没有的权限：(.+)$/, 'Cannot grant permissions you do not hold: $1'],
  ],
};
