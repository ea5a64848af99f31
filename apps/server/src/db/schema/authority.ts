import type { Generated } from 'kysely';
import type { DbBool, EpochMs } from './common.js';

export type StaffRole = 'admin' | 'doctor' | 'assistant' | 'operator';

export type NeedChangeType = 'first' | 'over90';

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  /** `scrypt$N$r$p$salt$hash` (see platform/passwords.ts). */
  password_hash: string;
  real_name: string;
  phone: string;
  avatar: string;
  introduction: string;
  group_id: number;
  staff_role: StaffRole;
  enabled: DbBool;
  need_change_type: NeedChangeType | null;
  password_changed_at: EpochMs;
  last_login_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface PermissionGroupsTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** The built-in super-admin group holds every permission implicitly. */
  builtin: DbBool;
  created_at: EpochMs;
  /** Also the group's version: the grants cache is keyed by it, so bump it on every change. */
  updated_at: EpochMs;
}

export interface GroupResourcesTable {
  group_id: number;
  /** A page key ("/sysset_home/basic") or an action key ("/member_manage/lists:export"). */
  resource_key: string;
}

export interface OperationLogsTable {
  id: Generated<number>;
  operator_id: number | null;
  operator_name: string;
  module: string;
  action: string;
  target: string;
  before_json: string | null;
  after_json: string | null;
  ip: string;
  result: 'success' | 'failure';
  message: string;
  request_id: string;
  created_at: EpochMs;
}

/** The authority area: operators, permission groups, the operation log. */
export interface AuthorityTables {
  operators: OperatorsTable;
  permission_groups: PermissionGroupsTable;
  group_resources: GroupResourcesTable;
  operation_logs: OperationLogsTable;
}
