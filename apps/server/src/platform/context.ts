import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { AuditService } from './audit.js';
import type { Authenticator } from './auth.js';
import type { Clock } from './clock.js';
import type { GrantsCache } from './grants.js';
import type { JobScheduler } from './jobs.js';
import type { SecretBox } from './secrets.js';
import type { SessionStore } from './sessions.js';
import type { SettingsService } from './settings.js';
import type { FileStorage } from './storage.js';
import type { TodoRegistry } from './todos.js';

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
  /** Encrypts secrets at rest (payment keys). */
  secrets: SecretBox;
  /** Uploaded files (local disk by default). */
  storage: FileStorage;
  /** The home overview's to-do list; areas register theirs with their routes. */
  todos: TodoRegistry;
  /** DB-backed scheduler: modules register handlers per job kind and schedule jobs. */
  jobs: JobScheduler;
  /** Generates the text of a new captcha (tests supply their own to know the answer). */
  captchaText: () => string;
}
