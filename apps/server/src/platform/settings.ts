import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';

/**
 * Settings sections (site_info, base_set, ...) kept in memory for cheap reads. The settings table
 * is the truth: `reload()` (the refresh button's settingInit) reads it again, and `save()` writes
 * through. Another process sees a change at its next reload.
 */
export class SettingsService {
  private cache = new Map<string, unknown>();
  private savedAt = new Map<string, number>();
  private loadedAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  /** Read every section from the database; returns the time of the reload. */
  async reload(): Promise<number> {
    const rows = await this.db
      .selectFrom('settings')
      .select(['section', 'value_json', 'updated_at'])
      .execute();
    const next = new Map<string, unknown>();
    const savedAt = new Map<string, number>();
    for (const row of rows) {
      next.set(row.section, JSON.parse(row.value_json));
      savedAt.set(row.section, Number(row.updated_at));
    }
    this.cache = next;
    this.savedAt = savedAt;
    this.loadedAt = this.now();
    return this.loadedAt;
  }

  get lastReloadAt(): number {
    return this.loadedAt;
  }

  /** The cached value of a section, or the given default when it was never saved. */
  get<T>(section: string, fallback: T): T {
    return this.cache.has(section) ? (this.cache.get(section) as T) : fallback;
  }

  /**
   * The version of a cached section: when it was saved (epoch ms), 0 while it was never saved
   * (its value is the defaults). Stored with what was judged by it (a measurement's rule_version).
   */
  versionOf(section: string): number {
    return this.savedAt.get(section) ?? 0;
  }

  /**
   * Write a section through to the database and the cache. Pass a transaction to make the write
   * part of a larger change (with its audit entry); if that transaction then fails, `reload()`.
   */
  async save(
    section: string,
    value: unknown,
    operatorId: number | null,
    executor: Kysely<Database> = this.db,
  ): Promise<void> {
    const valueJson = JSON.stringify(value);
    // Strictly later than the last save: a section's save time is its version (a reading's
    // rule_version names the prewarning_set that judged it), so two saves never share one.
    const at = Math.max(this.now(), (this.savedAt.get(section) ?? 0) + 1);
    await executor
      .insertInto('settings')
      .values({ section, value_json: valueJson, updated_at: at, updated_by: operatorId })
      .onConflict((oc) =>
        oc
          .column('section')
          .doUpdateSet({ value_json: valueJson, updated_at: at, updated_by: operatorId }),
      )
      .execute();
    this.cache.set(section, JSON.parse(valueJson));
    this.savedAt.set(section, at);
  }

  /** One saved section with the name of its last editor. */
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
}
