import type { Generated } from 'kysely';
import type { DbBool, EpochMs } from './common.js';

/** Tables of the device centre and of what devices upload (migration 0010). */

export type DeviceModelType = 'ecg' | 'bp' | 'bg' | 'chol' | 'ua' | 'multi';
export type DeviceStatusValue = 'in_stock' | 'bound' | 'lent' | 'returned' | 'faulty' | 'scrapped';
export type MeasurementTypeValue = 'bp' | 'bg' | 'chol' | 'ua' | 'ecg';
export type MeasurementLevelValue = 'normal' | 'warning' | 'urgent';

export interface DeviceModelsTable {
  id: Generated<number>;
  name: string;
  type: DeviceModelType;
  maker: string;
  picture: string;
  /** JSON array of { name, value }. */
  params_json: string;
  remark: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface DevicesTable {
  id: Generated<number>;
  serial: string;
  model_id: number;
  status: DeviceStatusValue;
  member_id: number | null;
  secret_sealed: string;
  prev_secret_sealed: string | null;
  prev_secret_until: EpochMs | null;
  bound_at: EpochMs | null;
  lent_at: EpochMs | null;
  deposit_fen: number | null;
  return_due_at: EpochMs | null;
  last_upload_at: EpochMs | null;
  battery: number | null;
  firmware: string;
  remark: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface DeviceEventsTable {
  id: Generated<number>;
  device_id: number;
  action: string;
  from_status: DeviceStatusValue | null;
  to_status: DeviceStatusValue;
  member_id: number | null;
  operator_id: number | null;
  operator_name: string;
  remark: string;
  data_json: string;
  created_at: EpochMs;
}

export interface DeviceCodesTable {
  id: Generated<number>;
  code: string;
  batch_no: string;
  model_id: number;
  status: 'unused' | 'used' | 'void';
  expires_at: EpochMs;
  used_at: EpochMs | null;
  used_member_id: number | null;
  used_device_id: number | null;
  voided_at: EpochMs | null;
  voided_by: string | null;
  created_by: string;
  created_at: EpochMs;
}

export interface DeviceReturnsTable {
  id: Generated<number>;
  device_id: number;
  member_id: number | null;
  courier: string;
  tracking_no: string;
  status: 'pending' | 'received';
  filed_at: EpochMs;
  handled_at: EpochMs | null;
  handled_by: string | null;
  remark: string;
}

export interface IngestNoncesTable {
  id: Generated<number>;
  device_id: number;
  nonce: string;
  created_at: EpochMs;
}

export interface MeasurementsTable {
  id: Generated<number>;
  device_id: number;
  member_id: number;
  type: MeasurementTypeValue;
  measured_at: EpochMs;
  values_json: string;
  level: MeasurementLevelValue;
  category: string;
  label: string;
  rule_version: number;
  handled_at: EpochMs | null;
  handled_by: string | null;
  /** Added by 0013: what the handler wrote. */
  handle_remark: Generated<string>;
  created_at: EpochMs;
}

export interface EcgRecordingsTable {
  measurement_id: number;
  sample_rate: number;
  leads_json: string;
  samples_per_lead: number;
  duration_ms: number;
  storage_key: string;
  heart_rate: number | null;
  arrhythmia: DbBool;
}

export interface MeasurementAlertsTable {
  id: Generated<number>;
  measurement_id: number;
  member_id: number;
  type: MeasurementTypeValue;
  level: 'warning' | 'urgent';
  label: string;
  status: 'open' | 'claimed' | 'handled';
  created_at: EpochMs;
  handled_at: EpochMs | null;
  handled_by: string | null;
  /** 医生工作台 (0016): the doctor reading it, until claim_expires_at. */
  claimed_by_id: Generated<number | null>;
  claimed_by: Generated<string | null>;
  claimed_at: Generated<EpochMs | null>;
  claim_expires_at: Generated<EpochMs | null>;
  /** The first claim (0028): never cleared, unlike claimed_at (统计中心's 认领预警). */
  first_claimed_at: Generated<EpochMs | null>;
  /** Triage facts when raised and the queue's sort key (contract queueRankOf). */
  triage_age: Generated<number | null>;
  triage_history: Generated<number>;
  queue_rank: Generated<number>;
}

/** Batch import (migration 0012): a batch per uploaded file and its staged rows. */
export type DeviceImportStatusValue = 'validating' | 'validated' | 'imported' | 'failed';

export interface DeviceImportsTable {
  id: Generated<number>;
  file_name: string;
  status: DeviceImportStatusValue;
  message: string;
  size_bytes: number;
  read_bytes: number;
  processed: number;
  total: number;
  valid_count: number;
  invalid_count: number;
  imported_count: number;
  skipped_count: number;
  operator_id: number | null;
  operator_name: string;
  created_at: EpochMs;
  updated_at: EpochMs;
  validated_at: EpochMs | null;
  imported_at: EpochMs | null;
}

export interface DeviceImportRowsTable {
  batch_id: number;
  row_no: number;
  serial: string;
  model_name: string;
  firmware: string;
  stock_date: string;
  remark: string;
  model_id: number | null;
  stock_at: EpochMs | null;
  valid: DbBool;
  errors_json: string;
  result: 'imported' | 'skipped' | null;
  skip_reason: 'serialTaken' | 'modelDeleted' | null;
}

export interface DeviceTables {
  device_models: DeviceModelsTable;
  devices: DevicesTable;
  device_events: DeviceEventsTable;
  device_codes: DeviceCodesTable;
  device_returns: DeviceReturnsTable;
  ingest_nonces: IngestNoncesTable;
  measurements: MeasurementsTable;
  ecg_recordings: EcgRecordingsTable;
  measurement_alerts: MeasurementAlertsTable;
  device_imports: DeviceImportsTable;
  device_import_rows: DeviceImportRowsTable;
}
