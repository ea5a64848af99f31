import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it. Conventions (one migration set for SQLite and PostgreSQL):
 * times are UTC epoch milliseconds in bigint columns, booleans are integers 0/1 (see `values.ts`),
 * JSON is text.
 */

/** 0 or 1; convert with `toDbBool` / `fromDbBool`. */
export type DbBool = 0 | 1;
/** UTC epoch milliseconds. */
export type EpochMs = number;

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

export interface SessionsTable {
  id: Generated<number>;
  operator_id: number;
  /** SHA-256 (hex) of the access token; the token itself is never stored. */
  access_hash: string;
  refresh_hash: string;
  access_expires_at: EpochMs;
  refresh_expires_at: EpochMs;
  ip: string;
  user_agent: string;
  created_at: EpochMs;
  last_seen_at: EpochMs;
  revoked_at: EpochMs | null;
  revoke_reason: string | null;
}

export interface CaptchasTable {
  verify_key: string;
  answer_hash: string;
  expires_at: EpochMs;
  used_at: EpochMs | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  username: string;
  ip: string;
  success: DbBool;
  /** ok | captcha | locked | bad_credentials | disabled | no_permission */
  reason: string;
  created_at: EpochMs;
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

export interface SettingsTable {
  section: string;
  value_json: string;
  updated_at: EpochMs;
  updated_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SearchWordsTable {
  id: Generated<number>;
  keyword: string;
  type: 'hot' | 'default';
  sort: number;
  enabled: DbBool;
  valid_from: EpochMs | null;
  valid_to: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** Rebuilt as a whole by sysSearch/asyncSuggest from enabled, currently valid search words. */
export interface SearchSuggestionsTable {
  id: Generated<number>;
  keyword: string;
  weight: number;
  /** Comma-separated word types the keyword came from ("hot,default"). */
  source_types: string;
  built_at: EpochMs;
}

export interface SmsTemplatesTable {
  id: Generated<number>;
  code: string;
  name: string;
  scene: string;
  /** Text with `${name}` placeholders. */
  content: string;
  provider_template_id: string;
  enabled: DbBool;
  created_at: EpochMs;
  updated_at: EpochMs;
  /** User name of the operator who saved last. */
  updated_by: string;
}

/** Messages the embedded SMS sender "sent" (platform/sms.ts). The phone is stored in full. */
export interface SmsOutboxTable {
  id: Generated<number>;
  template_code: string;
  phone: string;
  content: string;
  params_json: string;
  provider: string;
  status: 'sent' | 'failed';
  error: string;
  operator_name: string;
  created_at: EpochMs;
}

export interface AgreementsTable {
  id: Generated<number>;
  code: string;
  title: string;
  /** Sanitised HTML. */
  content: string;
  /** Bumped on every save. */
  version: number;
  created_at: EpochMs;
  updated_at: EpochMs;
  updated_by: string;
}

/** One row per payment channel (wechat, alipay, balance). */
export interface PayConfigsTable {
  channel: string;
  enabled: DbBool;
  merchant_id: string;
  app_id: string;
  /** Sealed with platform/secrets.ts (AES-256-GCM); null when not set. */
  api_key_sealed: string | null;
  private_key_sealed: string | null;
  certificate_sealed: string | null;
  public_key_sealed: string | null;
  updated_at: EpochMs;
  updated_by: number | null;
}

export interface UploadsTable {
  id: Generated<number>;
  storage_key: string;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  operator_id: number | null;
  created_at: EpochMs;
}

export interface Database {
  operators: OperatorsTable;
  permission_groups: PermissionGroupsTable;
  group_resources: GroupResourcesTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_attempts: LoginAttemptsTable;
  operation_logs: OperationLogsTable;
  settings: SettingsTable;
  pay_configs: PayConfigsTable;
  uploads: UploadsTable;
  search_words: SearchWordsTable;
  search_suggestions: SearchSuggestionsTable;
  sms_templates: SmsTemplatesTable;
  sms_outbox: SmsOutboxTable;
  agreements: AgreementsTable;
}

export type OperatorRow = Selectable<OperatorsTable>;
export type NewOperator = Insertable<OperatorsTable>;
export type OperatorUpdate = Updateable<OperatorsTable>;
export type PermissionGroupRow = Selectable<PermissionGroupsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type NewOperationLog = Insertable<OperationLogsTable>;
export type NewLoginAttempt = Insertable<LoginAttemptsTable>;
