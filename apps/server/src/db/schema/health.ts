import type { Generated } from 'kysely';
import type { EpochMs } from './common.js';

/** Tables of 健康管理 (migrations 0016, 0017; modules/health). The alerts' claim columns: device.ts. */

export type HealthReportStatusValue = 'draft' | 'signed' | 'published';
export type HealthReportKindValue = 'ecg' | 'bp' | 'reading' | 'general';

/** Every version of a health report is a row; versions of one report share `root_id`. */
export interface HealthReportsTable {
  id: Generated<number>;
  root_id: number;
  version: number;
  kind: HealthReportKindValue;
  status: HealthReportStatusValue;
  member_id: number;
  measurement_id: number | null;
  alert_id: number | null;
  conclusion: string;
  advice: string;
  /** Why this version amends the one before ('' for the first). */
  addendum: string;
  /** contract reportDetailsSchema as JSON. */
  details_json: string;
  created_by_id: number;
  created_by: string;
  created_at: EpochMs;
  updated_at: EpochMs;
  signed_by_id: number | null;
  signed_by: string | null;
  signed_at: EpochMs | null;
  published_by_id: number | null;
  published_by: string | null;
  published_at: EpochMs | null;
  superseded_at: EpochMs | null;
}

/** A member's link to a report: the token is signed; the row lets it be revoked. */
export interface HealthReportLinksTable {
  id: Generated<number>;
  root_id: number;
  expires_at: EpochMs;
  revoked_at: EpochMs | null;
  created_by: string;
  created_at: EpochMs;
}

export type HealthTaskStatusValue = 'to_assign' | 'to_book' | 'booked' | 'done' | 'cancelled';

/** A health task (migration 0017): contract health/tasks.ts. */
export interface HealthTasksTable {
  id: Generated<number>;
  kind: string;
  title: string;
  note: string;
  status: HealthTaskStatusValue;
  source: string;
  source_id: number | null;
  member_id: number;
  assignee_id: number | null;
  assignee_name: string | null;
  due_at: EpochMs | null;
  appointment_at: EpochMs | null;
  outcome: Generated<string>;
  completed_at: EpochMs | null;
  points_awarded: Generated<number>;
  cancel_reason: Generated<string>;
  created_by_id: number | null;
  created_by: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** A step of a task's workflow, its creation or an edit: the task's timeline. */
export interface HealthTaskEventsTable {
  id: Generated<number>;
  task_id: number;
  action: string;
  from_status: HealthTaskStatusValue | null;
  to_status: HealthTaskStatusValue;
  operator_id: number | null;
  operator_name: string;
  remark: string;
  created_at: EpochMs;
}

/** A member's health management plan (migration 0019): contract health/plans.ts. */
export interface HealthPlansTable {
  id: Generated<number>;
  member_id: number;
  title: string;
  status: 'active' | 'ended';
  /** JSON: string[]. */
  goals: string;
  diet: string;
  exercise: string;
  /** JSON: PlanMedication[]. */
  medications: string;
  schedule_kind: string | null;
  schedule_every_days: number | null;
  schedule_occurrences: number | null;
  schedule_start_at: EpochMs | null;
  schedule_assignee_id: number | null;
  schedule_assignee_name: string | null;
  created_by: string;
  created_at: EpochMs;
  updated_at: EpochMs;
  ended_at: EpochMs | null;
}

export interface HealthTables {
  health_reports: HealthReportsTable;
  health_report_links: HealthReportLinksTable;
  health_tasks: HealthTasksTable;
  health_task_events: HealthTaskEventsTable;
  health_plans: HealthPlansTable;
}
