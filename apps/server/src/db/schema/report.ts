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

export interface ReportTables {
  prewarning_rule_versions: PrewarningRuleVersionsTable;
}
