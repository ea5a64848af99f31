import type { Generated } from 'kysely';
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

export type InspectionFlagValue = 'high' | 'low' | 'normal';
export type InspectionFileMimeValue = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';

/** Lab reports (检验报告, migration 0015). */
export interface InspectionsTable {
  id: Generated<number>;
  member_id: number;
  title: string;
  hospital: string;
  /** The China day's start of the sampling and of the report. */
  sampled_at: EpochMs;
  reported_at: EpochMs;
  remark: string;
  /** Items out of range (kept with the items, so the list filters without reading them). */
  high_count: number;
  low_count: number;
  item_count: number;
  created_by_id: number;
  /** The operator's display name when it was entered. */
  created_by: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** The items of a lab report, in the report's order; `flag` computed from the range when saved. */
export interface InspectionItemsTable {
  id: Generated<number>;
  inspection_id: number;
  sort: number;
  name: string;
  code: string;
  value: number;
  unit: string;
  low: number | null;
  high: number | null;
  flag: InspectionFlagValue;
}

/**
 * A lab report's files, private (storage keys under `lab/`, never served under /uploads): uploaded
 * first (inspection_id null), attached when a report is saved with them.
 */
export interface InspectionFilesTable {
  id: Generated<number>;
  inspection_id: number | null;
  sort: number;
  storage_key: string;
  original_name: string;
  mime: InspectionFileMimeValue;
  size: number;
  sha256: string;
  operator_id: number;
  created_at: EpochMs;
}

export interface ReportTables {
  prewarning_rule_versions: PrewarningRuleVersionsTable;
  ecg_analyses: EcgAnalysesTable;
  inspections: InspectionsTable;
  inspection_items: InspectionItemsTable;
  inspection_files: InspectionFilesTable;
}
