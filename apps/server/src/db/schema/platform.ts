import type { Generated } from 'kysely';
import type { EpochMs } from './common.js';

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

/** The platform: sessions and scheduled jobs. */
export interface PlatformTables {
  sessions: SessionsTable;
  session_refresh_rotations: SessionRefreshRotationsTable;
  scheduled_jobs: ScheduledJobsTable;
}
