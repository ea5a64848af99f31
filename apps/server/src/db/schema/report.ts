import type { EpochMs } from './common.js';

/** Tables of the report centre (migrations 0013 onwards). */

/** Every saved version of the warning rules (0013). */
export interface PrewarningRuleVersionsTable {
  /** When saved (epoch ms); 0 = the defaults. A measurement's rule_version. */
  version: EpochMs;
  /** v1, v2, ... */
  number: number;
  rules_json: string;
  saved_by: string | null;
}

/** The server's analysis of an ECG recording (migration 0014; modules/report/ecg). */
export interface EcgAnalysesTable {
  measurement_id: number;
  version: number;
  beats: number;
  mean_hr: number | null;
  min_hr: number | null;
  max_hr: number | null;
  trend_step_ms: number;
  trend_json: string;
  episodes_json: string;
  analysed_at: EpochMs;
}

export interface ReportTables {
  prewarning_rule_versions: PrewarningRuleVersionsTable;
  ecg_analyses: EcgAnalysesTable;
}
