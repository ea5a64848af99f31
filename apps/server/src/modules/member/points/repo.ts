import {
  CAPPED_EARNING_TYPES,
  maskPhone,
  type PointsLedgerExportQuery,
  type PointsLedgerItem,
  type PointsLedgerListQuery,
  type PointsSummary,
  type PointsSummaryQuery,
} from '@health/contract';
import { sql, type Insertable, type Kysely } from 'kysely';
import { prepared } from '../../../db/prepared.js';
import type { Database, PointsLedgerTable, PointsLedgerType } from '../../../db/schema.js';
import { toNumber } from '../../../db/values.js';
import { applySort, paginate } from '../../../platform/pagination.js';
import { MembersRepo } from '../members/repo.js';
import { whereCreatedBetween, whereMember } from '../../../platform/list-filters.js';

const SORT_COLUMNS = { createdAt: 'l.created_at' } as const;

/** Run at every earning (each device reading): db/prepared.ts. */
const cappedEarned = prepared((db, p: { memberId: number; from: number; to: number }) =>
  db
    .selectFrom('points_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('earned'))
    .where('member_id', '=', p.memberId)
    .where('type', 'in', [...CAPPED_EARNING_TYPES])
    .where('created_at', '>=', p.from)
    .where('created_at', '<', p.to),
);

export interface LedgerRow {
  id: number;
  member_id: number;
  amount: number;
  balance_after: number;
  type: PointsLedgerType;
  ref_type: string | null;
  ref_id: string | null;
  remark: string;
  operator_name: string | null;
  created_at: number;
  expires_at: number | null;
  member_name: string | null;
  member_phone: string | null;
}

/** A ledger row as the list and the export show it (the phone masked). */
export function toLedgerItem(row: LedgerRow): PointsLedgerItem {
  return {
    id: toNumber(row.id),
    memberId: toNumber(row.member_id),
    memberName: row.member_name ?? '',
    memberPhone: maskPhone(row.member_phone),
    amount: toNumber(row.amount),
    balanceAfter: toNumber(row.balance_after),
    type: row.type,
    refType: row.ref_type,
    refId: row.ref_id,
    remark: row.remark,
    operatorName: row.operator_name,
    createdAt: toNumber(row.created_at),
    expiresAt: row.expires_at === null ? null : toNumber(row.expires_at),
  };
}

/** Queries of the points ledger pages. */
export class PointsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The filtered ledger joined with its members, newest first (list and export). */
  filtered(
    query: PointsLedgerExportQuery & { sortField?: 'createdAt'; sortOrder?: 'ascend' | 'descend' },
  ) {
    let q = this.db
      .selectFrom('points_ledger as l')
      .innerJoin('members as m', 'm.id', 'l.member_id')
      .select([
        'l.id',
        'l.member_id',
        'l.amount',
        'l.balance_after',
        'l.type',
        'l.ref_type',
        'l.ref_id',
        'l.remark',
        'l.operator_name',
        'l.created_at',
        'l.expires_at',
        'm.name as member_name',
        'm.phone as member_phone',
      ]);
    q = whereMember(q, query, 'l.member_id');
    if (query.type) q = q.where('l.type', '=', query.type);
    if (query.sign === 'plus') q = q.where('l.amount', '>', 0);
    if (query.sign === 'minus') q = q.where('l.amount', '<', 0);
    q = whereCreatedBetween(q, query, 'l.created_at');
    return applySort(q, query, SORT_COLUMNS, { field: 'createdAt', order: 'descend' }, 'l.id');
  }

  list(query: PointsLedgerListQuery) {
    return paginate(this.db, this.filtered(query), query, (row) => toLedgerItem(row as LedgerRow));
  }

  /** The highest ledger id now (bounds an export of a growing table). */
  async maxId(): Promise<number> {
    const row = await this.db
      .selectFrom('points_ledger')
      .select(sql<number>`coalesce(max(id), 0)`.as('max'))
      .executeTakeFirst();
    return toNumber(row?.max);
  }

  /** Points issued, redeemed (net of refunds), expired and deducted by admins in a range. */
  async summary(query: PointsSummaryQuery): Promise<PointsSummary> {
    let q = this.db
      .selectFrom('points_ledger')
      .select([
        sql<number>`coalesce(sum(case when amount > 0 and type <> 'refund' then amount else 0 end), 0)`.as(
          'issued',
        ),
        sql<number>`coalesce(sum(case when type in ('redeem', 'refund') then amount else 0 end), 0)`.as(
          'redeemed',
        ),
        sql<number>`coalesce(sum(case when type = 'expire' then amount else 0 end), 0)`.as(
          'expired',
        ),
        sql<number>`coalesce(sum(case when type = 'adjust' and amount < 0 then amount else 0 end), 0)`.as(
          'deducted',
        ),
      ]);
    q = whereCreatedBetween(q, query, 'created_at');
    const row = await q.executeTakeFirst();
    return {
      issued: toNumber(row?.issued),
      redeemed: Math.max(0, -toNumber(row?.redeemed)),
      expired: -toNumber(row?.expired),
      deducted: -toNumber(row?.deducted),
    };
  }

  /** Write one ledger row; returns its id. */
  async insert(values: Insertable<PointsLedgerTable>): Promise<number> {
    const inserted = await this.db
      .insertInto('points_ledger')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return toNumber(inserted.id);
  }

  /** Points a member earned in [from, to) with the types the daily cap counts. */
  async cappedEarnedBetween(memberId: number, from: number, to: number): Promise<number> {
    const { rows } = await cappedEarned(this.db, { memberId, from, to });
    return toNumber(rows[0]?.earned);
  }

  /**
   * Per member with earnings expiring by `at`: those earnings (due), everything spent (used) and
   * the balance, from the ledger.
   */
  expirySums(at: number, memberId?: number) {
    let candidates = this.db
      .selectFrom('points_ledger')
      .select('member_id')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', at);
    if (memberId !== undefined) candidates = candidates.where('member_id', '=', memberId);
    return this.db
      .selectFrom('points_ledger')
      .select([
        'member_id',
        sql<number>`sum(case when amount > 0 and expires_at is not null and expires_at <= ${at} then amount else 0 end)`.as(
          'due',
        ),
        sql<number>`sum(case when amount < 0 then -amount else 0 end)`.as('used'),
        sql<number>`sum(amount)`.as('balance'),
      ])
      .where('member_id', 'in', candidates.distinct())
      .groupBy('member_id')
      .execute();
  }

  member(id: number) {
    return new MembersRepo(this.db).brief(id);
  }
}
