import type { Generated } from 'kysely';
import type { DbBool, EpochMs } from './common.js';

export interface CaptchasTable {
  verify_key: string;
  answer_hash: string;
  expires_at: EpochMs;
  used_at: EpochMs | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  username: string;
  ip: string;
  success: DbBool;
  /** ok | captcha | locked | bad_credentials | disabled | no_permission */
  reason: string;
  created_at: EpochMs;
}

/** The auth area: captchas and login attempts. */
export interface AuthTables {
  captchas: CaptchasTable;
  login_attempts: LoginAttemptsTable;
}
