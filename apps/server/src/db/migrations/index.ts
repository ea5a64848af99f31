import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_settings.js';
import * as m0004 from './0004_content.js';
import * as m0005 from './0005_operation_log_indexes.js';
import * as m0006 from './0006_members.js';
import * as m0007 from './0007_points.js';
import * as m0008 from './0008_sign_notices.js';
import * as m0009 from './0009_refresh_rotations.js';
import * as m0010 from './0010_devices.js';
import * as m0012 from './0012_device_imports.js';
import * as m0013 from './0013_rule_versions.js';
import * as m0014 from './0014_ecg_analyses.js';
import * as m0015 from './0015_inspections.js';
import * as m0016 from './0016_health.js';
import * as m0017 from './0017_health_tasks.js';
import * as m0018 from './0018_workbench_queue_index.js';
import * as m0019 from './0019_health_plans.js';
import * as m0020 from './0020_mall.js';
import * as m0022 from './0022_mall_ship_batches.js';
import * as m0023 from './0023_member_name_grams.js';
import * as m0024 from './0024_measurement_abnormal_index.js';
import * as m0025 from './0025_decorate.js';
import * as m0026 from './0026_statistics.js';
import * as m0027 from './0027_screen_links.js';
import * as m0028 from './0028_alert_first_claim.js';

/**
 * Every migration, in order, imported in code rather than found by scanning a folder, so the
 * same list works from src/ (tsx, tests) and from the compiled dist/. Add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_settings': m0002,
  '0004_content': m0004,
  '0005_operation_log_indexes': m0005,
  '0006_members': m0006,
  '0007_points': m0007,
  '0008_sign_notices': m0008,
  '0009_refresh_rotations': m0009,
  '0010_devices': m0010,
  '0012_device_imports': m0012,
  '0013_rule_versions': m0013,
  '0014_ecg_analyses': m0014,
  '0015_inspections': m0015,
  '0016_health': m0016,
  '0017_health_tasks': m0017,
  '0018_workbench_queue_index': m0018,
  '0019_health_plans': m0019,
  '0020_mall': m0020,
  '0022_mall_ship_batches': m0022,
  '0023_member_name_grams': m0023,
  '0024_measurement_abnormal_index': m0024,
  '0025_decorate': m0025,
  '0026_statistics': m0026,
  '0027_screen_links': m0027,
  '0028_alert_first_claim': m0028,
};
