import type { Generated } from 'kysely';
import type { EpochMs } from './common.js';

/** 统计中心's rollups (migration 0026), written only by modules/statistics' rollup job. */

export interface StatsDailyTable {
  metric: string;
  /** '' = the day's total; else the dimension ('channel', 'level', …). */
  dim: string;
  /** China day number: floor((epoch ms + 8 h) / 1 day). */
  day: number;
  /** The dimension's value ('' on the total row). */
  dim_value: string;
  value: number;
}

/** One row per member active on a China day (distinct counts over several days). */
export interface StatsDailyMembersTable {
  day: number;
  member_id: number;
}

export interface StatsStateTable {
  key: string;
  value: string;
  updated_at: EpochMs;
}

/** 大屏链接 (migration 0027): only the token's SHA-256 is kept. */
export interface ScreenLinksTable {
  id: Generated<number>;
  name: string;
  note: Generated<string>;
  token_hash: string;
  expires_at: EpochMs;
  created_by: string;
  created_at: EpochMs;
  last_seen_at: EpochMs | null;
  revoked_at: EpochMs | null;
  revoked_by: string | null;
}

export interface StatisticsTables {
  stats_daily: StatsDailyTable;
  stats_daily_members: StatsDailyMembersTable;
  stats_state: StatsStateTable;
  screen_links: ScreenLinksTable;
}
