import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './database.js';

export interface ContainsTextOptions {
  /**
   * ASCII letters match either case on this database: PostgreSQL needs ILIKE, SQLite's LIKE
   * already does (and only for ASCII). The member name search uses it.
   */
  ignoreCaseOn?: Dialect;
}

/**
 * `column LIKE '%text%' ESCAPE '\'` with the operator's `%`, `_` and `\` matching themselves.
 * The ESCAPE clause is needed on SQLite (it has no default escape character) and harmless on
 * PostgreSQL. Use in `.where(containsText('keyword', query.keyword))`.
 */
export function containsText(
  column: string,
  text: string,
  options: ContainsTextOptions = {},
): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = options.ignoreCaseOn === 'postgres' ? sql`ilike` : sql`like`;
  return sql<boolean>`${sql.ref(column)} ${like} ${pattern} escape '\\'`;
}
