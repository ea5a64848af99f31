import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { holdsAny, type KeyHolder } from './permissions.js';

/**
 * The home overview's to-do list: counts of things waiting for someone, each linking to the queue
 * that handles them. Every area registers its own to-dos when its routes are registered
 * (`ctx.todos.register(...)`); the overview shows an operator only the to-dos whose queue page
 * its group holds, in the order they were registered.
 */
export interface TodoDef {
  /** Stable key (the web's translation key and test id). */
  key: string;
  /** Chinese title, e.g. "待审核注销申请". */
  title: string;
  /** Front path of the queue page; the operator must hold it to see the to-do. */
  link: string;
  /** Query string the queue page opens with (its filter), e.g. "status=pending". */
  query?: string;
  /** How many things wait: one cheap, indexed count. */
  count: (db: Kysely<Database>, now: number) => Promise<number>;
}

export interface TodoItem {
  key: string;
  title: string;
  count: number;
  link: string;
  query?: string;
}

export class TodoRegistry {
  private readonly defs: TodoDef[] = [];

  register(def: TodoDef): void {
    if (this.defs.some((d) => d.key === def.key))
      throw new Error(`to-do ${def.key} registered twice`);
    this.defs.push(def);
  }

  /** The operator's to-dos with their counts, counted in parallel. */
  async forOperator(operator: KeyHolder, db: Kysely<Database>, now: number): Promise<TodoItem[]> {
    const visible = this.defs.filter((d) => holdsAny(operator, [d.link]));
    const counts = await Promise.all(visible.map((d) => d.count(db, now)));
    return visible.map((d, i) => ({
      key: d.key,
      title: d.title,
      count: counts[i] ?? 0,
      link: d.link,
      ...(d.query ? { query: d.query } : {}),
    }));
  }
}
