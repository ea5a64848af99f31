import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** The saved versions of the warning rules (the only file that touches prewarning_rule_versions). */
export class RuleVersionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Keep the rules just saved as version `version` (their save time), numbered after the last.
   * Saved again under the same version (two saves in one millisecond of two processes): replaced.
   */
  async record(version: number, rulesJson: string, savedBy: string | null): Promise<void> {
    const last = await this.db
      .selectFrom('prewarning_rule_versions')
      .select((eb) => eb.fn.max('number').as('n'))
      .executeTakeFirst();
    const number = Number(last?.n ?? 0) + 1;
    await this.db
      .insertInto('prewarning_rule_versions')
      .values({ version, number, rules_json: rulesJson, saved_by: savedBy })
      .onConflict((oc) =>
        oc.column('version').doUpdateSet({ rules_json: rulesJson, saved_by: savedBy }),
      )
      .execute();
  }

  /** Every version, newest first. */
  list() {
    return this.db
      .selectFrom('prewarning_rule_versions')
      .selectAll()
      .orderBy('number', 'desc')
      .execute();
  }

  async numberOf(version: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('prewarning_rule_versions')
      .select('number')
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? Number(row.number) : null;
  }
}
