import type { Generated } from 'kysely';
import type { DbBool, EpochMs } from './common.js';

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
  /** Moved only with a points-ledger entry (member/points): always the sum of the member's ledger. */
  points_balance: number;
  growth_value: number;
  remark: string;
  registered_at: EpochMs;
  last_active_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/**
 * One distinct gram (a run of 1, 2 or 3 adjacent characters; ASCII lower-cased) of a member's name,
 * written only by the triggers of migration 0023: the name search's index.
 */
export interface MemberNameGramsTable {
  gram: string;
  /** The member's registered_at: the list's default order within a gram. */
  registered_at: EpochMs;
  member_id: number;
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

/** The member area: members and their contacts, grades, channels, logs, log-offs, points, check-ins, notices. */
export interface MemberTables {
  member_grades: MemberGradesTable;
  member_channels: MemberChannelsTable;
  members: MembersTable;
  member_name_grams: MemberNameGramsTable;
  member_contacts: MemberContactsTable;
  member_grade_logs: MemberGradeLogsTable;
  member_action_logs: MemberActionLogsTable;
  member_logoff_requests: MemberLogoffRequestsTable;
  points_ledger: PointsLedgerTable;
  sign_records: SignRecordsTable;
  notices: NoticesTable;
  notice_deliveries: NoticeDeliveriesTable;
}
