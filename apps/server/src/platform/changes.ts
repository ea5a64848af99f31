import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import type { Actor } from './actor.js';
import type { AuditEntry } from './audit.js';
import type { AppContext } from './context.js';

/** What a change writes to the operation log (the actor, its IP and request id are added). */
export type ChangeEntry = Omit<AuditEntry, 'operator' | 'ip' | 'requestId'>;

/**
 * One audited change in one transaction: `work` makes the change and returns its result with the
 * operation-log entry, written in the same transaction. When the database refuses a duplicate (a
 * unique key another request took since the pre-check), `duplicate()` is thrown instead: the same
 * field error the pre-check gives.
 */
export async function auditedChange<T>(
  ctx: Pick<AppContext, 'db' | 'audit'>,
  actor: Actor,
  work: (trx: Kysely<Database>) => Promise<{ result: T; entry: ChangeEntry }>,
  duplicate?: () => Error,
): Promise<T> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const { result, entry } = await work(trx);
      await ctx.audit.record(actor, entry, trx);
      return result;
    });
  } catch (err) {
    if (duplicate && isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** What `auditedAdd` needs: the log's module and target, the insert, the snapshot of the new row. */
export interface AddedRow {
  module: string;
  /** What was added, readable: "渠道 微信（wx_01）". */
  target: string;
  /** Writes the row (and anything that goes with it) in the transaction; the new row's id. */
  insert: (trx: Kysely<Database>) => Promise<number>;
  /** The log's `after`, given the new id. */
  after: (id: number) => unknown;
}

/** An audited change that adds one row: `auditedChange` with the `add` entry written for you. */
export function auditedAdd(
  ctx: Pick<AppContext, 'db' | 'audit'>,
  actor: Actor,
  row: AddedRow,
  duplicate?: () => Error,
): Promise<number> {
  return auditedChange(
    ctx,
    actor,
    async (trx) => {
      const id = await row.insert(trx);
      const entry = { module: row.module, action: 'add', target: row.target, after: row.after(id) };
      return { result: id, entry };
    },
    duplicate,
  );
}

/** What `auditedEdit` needs: the log's module, target and before/after, and the update. */
export interface EditedRow {
  module: string;
  target: string;
  before: unknown;
  after: unknown;
  /** Writes the change (and anything that goes with it) in the transaction. */
  update: (trx: Kysely<Database>) => Promise<unknown>;
}

/** An audited change that edits one record: `auditedChange` with the `edit` entry written for you. */
export async function auditedEdit(
  ctx: Pick<AppContext, 'db' | 'audit'>,
  actor: Actor,
  row: EditedRow,
  duplicate?: () => Error,
): Promise<void> {
  const { module, target, before, after } = row;
  await auditedChange(
    ctx,
    actor,
    async (trx) => {
      await row.update(trx);
      return { result: undefined, entry: { module, action: 'edit', target, before, after } };
    },
    duplicate,
  );
}
