import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';

/**
 * The member name search over member_name_grams (migration 0023; its triggers keep it). A name
 * holds every one of its runs of 1, 2 and 3 adjacent characters as grams, ASCII lower-cased, so:
 *  - a 1–3 character search is exactly the members holding that one gram (no LIKE needed);
 *  - a longer one is among the members holding all of its triples (up to MAX_GRAMS of them, the
 *    rarest first: it drives the query), confirmed by the exact LIKE on members.name.
 * Matching is case-insensitive for ASCII letters on both databases (ILIKE on PostgreSQL).
 */

/** The longest gram stored (migration 0023). */
const GRAM_LENGTH = 3;
/** Triples intersected at most: more narrow little once four agree, and each costs a probe. */
const MAX_GRAMS = 4;
/** Triples are ranked by how many members hold them, counted up to this (an index range each). */
const RARITY_COUNT_CAP = 50_000;

/** ASCII letters lower-cased, everything else as is (what SQLite's lower() and the triggers do). */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The distinct grams the triggers store for a name (characters are code points, as in SQL). */
export function nameGrams(name: string): string[] {
  const chars = [...asciiLower(name)];
  const grams = new Set<string>();
  chars.forEach((_, i) => {
    for (let n = 1; n <= GRAM_LENGTH && i + n <= chars.length; n++)
      grams.add(chars.slice(i, i + n).join(''));
  });
  return [...grams];
}

export interface NameSearch {
  /** As typed: the LIKE that confirms a longer search. */
  text: string;
  /** Grams every match holds; the first drives the query (the rarest, once counted). */
  grams: string[];
  /** True when the grams decide alone (a 1–2 character search): no LIKE. */
  exact: boolean;
  /** A gram no member holds: nothing matches. */
  none: boolean;
}

/**
 * The grams of a search before counting: the search itself when 1–3 characters, else its
 * distinct triples, at most MAX_GRAMS spread over it (first and last included).
 */
export function nameSearchOf(text: string): NameSearch {
  const chars = [...asciiLower(text)];
  if (chars.length <= GRAM_LENGTH)
    return { text, grams: [chars.join('')], exact: true, none: false };
  const triples = [
    ...new Set(
      chars.slice(GRAM_LENGTH - 1).map((_, i) => chars.slice(i, i + GRAM_LENGTH).join('')),
    ),
  ];
  const picked =
    triples.length <= MAX_GRAMS
      ? triples
      : [
          ...new Set(
            Array.from(
              { length: MAX_GRAMS },
              (_, i) => triples[Math.round((i * (triples.length - 1)) / (MAX_GRAMS - 1))]!,
            ),
          ),
        ];
  return { text, grams: picked, exact: false, none: false };
}

/**
 * The search with its triples ranked, rarest first (each counted up to RARITY_COUNT_CAP from the
 * index): reading the rarest one's members and probing the others is the least work.
 */
export async function planNameSearch(db: Kysely<Database>, text: string): Promise<NameSearch> {
  const search = nameSearchOf(text);
  if (search.grams.length < 2) return search;
  // One round trip: a row of counts, each from its gram's index range.
  const row = await db
    .selectNoFrom((eb) =>
      search.grams.map((gram, i) =>
        eb
          .selectFrom(
            db
              .selectFrom('member_name_grams')
              .select(sql<number>`1`.as('one'))
              .where('gram', '=', gram)
              .limit(RARITY_COUNT_CAP)
              .as('held'),
          )
          .select((c) => c.fn.countAll<number>().as('n'))
          .as(`n${i}`),
      ),
    )
    .executeTakeFirst();
  const counts = (row ?? {}) as Record<string, unknown>;
  const counted = search.grams.map((gram, i) => ({ gram, n: toNumber(counts[`n${i}`]) }));
  counted.sort((a, b) => a.n - b.n);
  return { ...search, grams: counted.map((c) => c.gram), none: counted[0]?.n === 0 };
}

/**
 * `exists` the gram for the member of `g.member_id` (the (gram, member_id) index): the other
 * triples of a longer search, checked per member of the driving one.
 */
export function holdsGram(gram: string) {
  return sql<boolean>`exists (select 1 from member_name_grams as h where h.gram = ${gram} and h.member_id = ${sql.ref('g.member_id')})`;
}

/**
 * The driving gram's rows (`g`) of the members holding every gram of the search (before the LIKE
 * of a longer one); select from it.
 */
export function gramRows(db: Kysely<Database>, search: NameSearch) {
  const [driver = '', ...others] = search.grams;
  let q = db.selectFrom('member_name_grams as g').where('g.gram', '=', driver);
  for (const gram of others) q = q.where(holdsGram(gram));
  return q;
}

/** The ids of the members holding every gram of the search, for `m.id in (…)`. */
export function gramMemberIds(db: Kysely<Database>, search: NameSearch) {
  return gramRows(db, search).select('g.member_id');
}
