import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { AuditService } from './audit.js';
import type { Authenticator } from './auth.js';
import type { Clock } from './clock.js';
import type { GrantsCache } from './grants.js';
import type { SessionStore } from './sessions.js';
import type { SettingsService } from './settings.js';

/** What every module gets: configuration, database, clock and the platform services. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  now: Clock;
  audit: AuditService;
  settings: SettingsService;
  sessions: SessionStore;
  grants: GrantsCache;
  authenticator: Authenticator;
  /** Generates the text of a new captcha (tests supply their own to know the answer). */
  captchaText: () => string;
}
