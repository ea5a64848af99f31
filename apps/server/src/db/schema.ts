import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AuthTables, LoginAttemptsTable } from './schema/auth.js';
import type {
  AuthorityTables,
  OperationLogsTable,
  OperatorsTable,
  PermissionGroupsTable,
} from './schema/authority.js';
import type { DecorateTables } from './schema/decorate.js';
import type { DeviceTables } from './schema/device.js';
import type { MemberTables } from './schema/member.js';
import type { PlatformTables, SessionsTable } from './schema/platform.js';
import type { HealthTables } from './schema/health.js';
import type { IntegralmallTables } from './schema/integralmall.js';
import type { ReportTables } from './schema/report.js';
import type { StatisticsTables } from './schema/statistics.js';
import type { SystemTables } from './schema/system.js';

/**
 * The database as Kysely sees it, composed of each area's tables (`schema/<area>.ts`).
 * Conventions (one migration set for SQLite and PostgreSQL): times are UTC epoch milliseconds in
 * bigint columns, booleans are integers 0/1 (see `values.ts`), JSON is text.
 */

export type * from './schema/common.js';
export type * from './schema/platform.js';
export type * from './schema/auth.js';
export type * from './schema/authority.js';
export type * from './schema/system.js';
export type * from './schema/member.js';
export type * from './schema/device.js';
export type * from './schema/report.js';
export type * from './schema/health.js';
export type * from './schema/integralmall.js';
export type * from './schema/decorate.js';
export type * from './schema/statistics.js';

export interface Database
  extends
    PlatformTables,
    AuthTables,
    AuthorityTables,
    SystemTables,
    MemberTables,
    DeviceTables,
    ReportTables,
    HealthTables,
    IntegralmallTables,
    DecorateTables,
    StatisticsTables {}

export type OperatorRow = Selectable<OperatorsTable>;
export type NewOperator = Insertable<OperatorsTable>;
export type OperatorUpdate = Updateable<OperatorsTable>;
export type PermissionGroupRow = Selectable<PermissionGroupsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type NewOperationLog = Insertable<OperationLogsTable>;
export type NewLoginAttempt = Insertable<LoginAttemptsTable>;
