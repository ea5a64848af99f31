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
