import type { ColumnType, Generated } from 'kysely';
import type { DbBool, EpochMs } from './common.js';

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

/** The system area: settings, payments, uploads, search words, SMS, agreements. */
export interface SystemTables {
  settings: SettingsTable;
  search_words: SearchWordsTable;
  search_suggestions: SearchSuggestionsTable;
  sms_templates: SmsTemplatesTable;
  sms_outbox: SmsOutboxTable;
  agreements: AgreementsTable;
  pay_configs: PayConfigsTable;
  uploads: UploadsTable;
}
