import { DEFAULT_PREWARNING_SET } from '@health/contract';
import type { AnyDb } from './helpers.js';

/**
 * Versions of the warning rules (预警配置): every save of prewarning_set is kept, so a reading's
 * rule_version (when the rules it was judged by were saved; 0 = the defaults) always names the rules
 * that judged it, and the report lists show their number (v1, v2, ...). A reading's handling gets a
 * remark, and the report lists' filter by level an index. Same conventions as 0001.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('prewarning_rule_versions')
    /** = measurements.rule_version: when the rules were saved (epoch ms), 0 for the defaults. */
    .addColumn('version', 'bigint', (c) => c.primaryKey())
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('rules_json', 'text', (c) => c.notNull())
    .addColumn('saved_by', 'text')
    .execute();
  await db
    .insertInto('prewarning_rule_versions')
    .values({
      version: 0,
      number: 1,
      rules_json: JSON.stringify(DEFAULT_PREWARNING_SET),
      saved_by: null,
    })
    .execute();
  // Rules saved before versions were kept: the saved ones are v2 (earlier saves are lost).
  const saved = await db
    .selectFrom('settings')
    .leftJoin('operators', 'operators.id', 'settings.updated_by')
    .select(['settings.value_json', 'settings.updated_at', 'operators.real_name'])
    .where('settings.section', '=', 'prewarning_set')
    .executeTakeFirst();
  if (saved) {
    await db
      .insertInto('prewarning_rule_versions')
      .values({
        version: Number(saved.updated_at),
        number: 2,
        rules_json: saved.value_json,
        saved_by: saved.real_name ?? null,
      })
      .execute();
  }

  await db.schema
    .alterTable('measurements')
    .addColumn('handle_remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('measurements_type_level_time_idx')
    .on('measurements')
    .columns(['type', 'level', 'measured_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('measurements_type_level_time_idx').ifExists().execute();
  await db.schema.alterTable('measurements').dropColumn('handle_remark').execute();
  await db.schema.dropTable('prewarning_rule_versions').ifExists().execute();
}
