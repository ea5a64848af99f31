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

/** A refresh token rotated out of its session (its SHA-256), kept to notice its reuse. */
export interface SessionRefreshRotationsTable {
  refresh_hash: string;
  session_id: number;
  rotated_at: EpochMs;
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

export interface MemberGradesTable {
  id: Generated<number>;
  name: string;
  icon: string;
  /** Growth value from which a member holds this grade (unique). */
  growth_required: number;
  benefits: string;
  /** 100 = 1.0× points. */
  points_multiplier_pct: number;
  sort: number;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface MemberChannelsTable {
  id: Generated<number>;
  name: string;
  code: string;
  remark: string;
  enabled: DbBool;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export type MemberGender = 'male' | 'female' | 'unknown';
export type MemberStatus = 'normal' | 'frozen' | 'logged_off';

export interface MembersTable {
  id: Generated<number>;
  /** Unique; null after anonymisation. */
  phone: string | null;
  name: string;
  gender: MemberGender;
  /** 'YYYY-MM-DD'. */
  birthday: string | null;
  id_number: string | null;
  avatar: string;
  province: string;
  city: string;
  address: string;
  grade_id: number;
  channel_id: number | null;
  status: MemberStatus;
  frozen_reason: string;
  /** Owned by the points ledger (modules/points): always the sum of the member's ledger. */
  points_balance: number;
  growth_value: number;
  remark: string;
  registered_at: EpochMs;
  last_active_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface MemberContactsTable {
  id: Generated<number>;
  member_id: number;
  name: string;
  phone: string;
  /** Spec §3 relationship code 0–5; null when not given. */
  relationship: number | null;
  receive_warning_sms: DbBool;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface MemberGradeLogsTable {
  id: Generated<number>;
  member_id: number;
  from_grade_id: number | null;
  to_grade_id: number;
  reason: 'growth' | 'manual';
  growth_value: number;
  operator_id: number | null;
  operator_name: string;
  remark: string;
  created_at: EpochMs;
}

export interface MemberActionLogsTable {
  id: Generated<number>;
  member_id: number;
  /** 'register' | 'login' | 'measure' | 'check_in' | 'redeem' | 'points' | 'logoff' | ... */
  action: string;
  detail: string;
  ip: string;
  created_at: EpochMs;
}

export interface MemberLogoffRequestsTable {
  id: Generated<number>;
  member_id: number;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string;
  handled_by: number | null;
  handled_by_name: string;
  handled_at: EpochMs | null;
  created_at: EpochMs;
}

export type PointsLedgerType =
  | 'register'
  | 'check_in'
  | 'check_in_streak'
  | 'measurement'
  | 'health_task'
  | 'purchase'
  | 'redeem'
  | 'refund'
  | 'adjust'
  | 'expire';

/** One change of a member's points (modules/points); the balance is the sum of these rows. */
export interface PointsLedgerTable {
  id: Generated<number>;
  member_id: number;
  /** + earned / − spent. */
  amount: number;
  balance_after: number;
  type: PointsLedgerType;
  ref_type: string | null;
  ref_id: string | null;
  remark: string;
  operator_id: number | null;
  operator_name: string | null;
  created_at: EpochMs;
  /** Positive rows: when they expire under the policy at the time (null = never). */
  expires_at: EpochMs | null;
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

export type SignSource = 'app' | 'admin';

export interface SignRecordsTable {
  id: Generated<number>;
  member_id: number;
  /** Local (China, UTC+8) calendar day 'YYYY-MM-DD'; unique per member. */
  sign_date: string;
  streak: number;
  base_points: number;
  reward_points: number;
  /** What the ledger really paid (the daily cap may cut it). */
  points_awarded: number;
  source: SignSource;
  operator_id: number | null;
  operator_name: string;
  created_at: EpochMs;
}

export type NoticeStatus = 'draft' | 'scheduled' | 'sent' | 'withdrawn';
export type NoticeTargetType = 'all' | 'grade' | 'channel';

export interface NoticesTable {
  id: Generated<number>;
  title: string;
  cover: string;
  /** Sanitised HTML. */
  content: string;
  target_type: NoticeTargetType;
  /** JSON array of grade or channel ids. */
  target_ids: string;
  status: NoticeStatus;
  scheduled_at: EpochMs | null;
  sent_at: EpochMs | null;
  withdrawn_at: EpochMs | null;
  recipients: number;
  created_by: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface NoticeDeliveriesTable {
  id: Generated<number>;
  notice_id: number;
  member_id: number;
  created_at: EpochMs;
}

export type ScheduledJobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface ScheduledJobsTable {
  id: Generated<number>;
  kind: string;
  ref_id: number;
  run_at: EpochMs;
  status: ScheduledJobStatus;
  attempts: Generated<number>;
  last_error: Generated<string>;
  locked_until: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface Database {
  operators: OperatorsTable;
  permission_groups: PermissionGroupsTable;
  group_resources: GroupResourcesTable;
  sessions: SessionsTable;
  session_refresh_rotations: SessionRefreshRotationsTable;
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
  member_grades: MemberGradesTable;
  member_channels: MemberChannelsTable;
  members: MembersTable;
  member_contacts: MemberContactsTable;
  member_grade_logs: MemberGradeLogsTable;
  member_action_logs: MemberActionLogsTable;
  member_logoff_requests: MemberLogoffRequestsTable;
  points_ledger: PointsLedgerTable;
  sign_records: SignRecordsTable;
  notices: NoticesTable;
  notice_deliveries: NoticeDeliveriesTable;
  scheduled_jobs: ScheduledJobsTable;
}

export type OperatorRow = Selectable<OperatorsTable>;
export type NewOperator = Insertable<OperatorsTable>;
export type OperatorUpdate = Updateable<OperatorsTable>;
export type PermissionGroupRow = Selectable<PermissionGroupsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type NewOperationLog = Insertable<OperationLogsTable>;
export type NewLoginAttempt = Insertable<LoginAttemptsTable>;
