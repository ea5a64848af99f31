import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Queries of the settings pages: one saved section with its editor, and the doctor options. */
export class SettingsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findSection(
    section: string,
  ): Promise<
    | { value_json: string; updated_at: number; real_name: string | null; username: string | null }
    | undefined
  > {
    return this.db
      .selectFrom('settings')
      .leftJoin('operators', 'operators.id', 'settings.updated_by')
      .select([
        'settings.value_json',
        'settings.updated_at',
        'operators.real_name',
        'operators.username',
      ])
      .where('settings.section', '=', section)
      .executeTakeFirst();
  }

  /** Enabled operators whose staff role is doctor, by name. */
  enabledDoctors(): Promise<{ id: number; real_name: string; username: string }[]> {
    return this.db
      .selectFrom('operators')
      .select(['id', 'real_name', 'username'])
      .where('staff_role', '=', 'doctor')
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute();
  }
}
