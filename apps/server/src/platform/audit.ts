import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toDbJson } from '../db/values.js';
import type { Actor } from './actor.js';
import type { Clock } from './clock.js';
import { AuditLabelBook, PLATFORM_AUDIT_LABELS, REDACTED } from './audit-labels.js';
import { OperateLogRepo } from './operation-logs.js';
import { PermissionError } from './errors.js';

/**
 * The operation log: every module records every change here (who, module, action, target,
 * before/after, IP, result, request id). Login attempts are recorded too.
 */

/** A module key of the operation log (each area labels its keys: audit-labels.ts). */
export type AuditModule = string;

export interface AuditActor {
  id: number | null;
  username: string;
}

export interface AuditEntry {
  operator: AuditActor;
  module: AuditModule;
  /** A short verb: login, logout, updatePwd, add, edit, delete, ... */
  action: string;
  /** What was changed, readable: "操作员 zhangsan", "权限组 #3". */
  target?: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
  result?: 'success' | 'failure';
  message?: string;
  requestId?: string;
  /** Defaults to the clock's now. */
  at?: number;
}

/** Keys whose values never reach the log (before/after snapshots may come straight from rows). */
const SECRET_KEY = /password|secret|token|hash/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) ? REDACTED : redact(v, depth + 1),
    ]),
  );
}

export interface AuditServiceOptions {
  /**
   * Refuse (throw) an entry with a module, action, field or value that has no label: the API
   * tests run so, and fail when a change writes something the log page cannot name.
   */
  strictLabels?: boolean;
}

export class AuditService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    /** The labels of every area: how the log page, its drawer and its export read entries. */
    readonly labels: AuditLabelBook = new AuditLabelBook([PLATFORM_AUDIT_LABELS]),
    private readonly options: AuditServiceOptions = {},
  ) {}

  /**
   * Write one raw entry (the operator given as is: login attempts, where nobody is logged in yet).
   * Pass a transaction to make the entry part of the change it records.
   */
  async write(entry: AuditEntry, executor: Kysely<Database> = this.db): Promise<void> {
    if (this.options.strictLabels) {
      const missing = this.labels.missing(entry);
      if (missing.length > 0) {
        throw new Error(
          `操作日志缺少名称（在 modules/<area>/audit-labels.ts 中补上）：${missing.join('；')}`,
        );
      }
    }
    await new OperateLogRepo(executor).insert({
      operator_id: entry.operator.id,
      operator_name: entry.operator.username,
      module: entry.module,
      action: entry.action,
      target: entry.target ?? '',
      before_json: toDbJson(redact(entry.before)),
      after_json: toDbJson(redact(entry.after)),
      ip: entry.ip ?? '',
      result: entry.result ?? 'success',
      message: entry.message ?? '',
      request_id: entry.requestId ?? '',
      created_at: entry.at ?? this.now(),
    });
  }

  /**
   * Record an attempt the permission rules refused (result failure, the refusal as the message)
   * and return the 267 error to throw. Recorded outside any transaction: the refusal stays logged
   * when the request's work is rolled back.
   */
  async refusal(
    actor: Actor,
    entry: Omit<AuditEntry, 'operator' | 'ip' | 'requestId' | 'result' | 'message'>,
    message: string,
  ): Promise<PermissionError> {
    await this.record(actor, { ...entry, result: 'failure', message });
    return new PermissionError(message);
  }

  /** Record a change made by this actor (its operator, IP and request id). */
  async record(
    actor: Actor,
    entry: Omit<AuditEntry, 'operator' | 'ip' | 'requestId'>,
    executor?: Kysely<Database>,
  ): Promise<void> {
    await this.write(
      {
        ...entry,
        operator: { id: actor.operatorId, username: actor.operatorName },
        ip: actor.ip,
        requestId: actor.requestId,
      },
      executor,
    );
  }
}
