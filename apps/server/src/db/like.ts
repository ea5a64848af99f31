import { sql, type RawBuilder } from 'kysely';

/**
 * `column LIKE '%text%' ESCAPE '\'` with the operator's `%`, `_` and `\` matching themselves.
 * The ESCAPE clause is needed on SQLite (it has no default escape character) and harmless on
 * PostgreSQL. Use in `.where(containsText('keyword', query.keyword))`.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
