import type { HealthReportListQuery } from '@health/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, HealthReportLinksTable, HealthReportsTable } from '../../../db/schema.js';
import { whereCreatedBetween, whereMember } from '../../../platform/list-filters.js';
import { insertRow } from '../../../platform/row-writes.js';

export type HealthReportRowDb = Selectable<HealthReportsTable>;
export type HealthReportLinkRow = Selectable<HealthReportLinksTable>;
export type JoinedReportRow = HealthReportRowDb & {
  member_name: string;
  member_phone: string | null;
};

/**
 * Queries of health reports (a row per version) and their share links — the only file that
 * touches these tables. It reads a measurement and an alert (read-only) for the report's target;
 * closing an alert goes through MeasurementsRepo, which owns the alerts.
 */
export class HealthReportsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Versions with their member's name and phone. */
  private joined() {
    return this.db
      .selectFrom('health_reports as r')
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .selectAll('r')
      .select(['m.name as member_name', 'm.phone as member_phone']);
  }

  /** The filtered list, newest first. */
  query(query: HealthReportListQuery) {
    let q = whereMember(this.joined(), query, 'r.member_id');
    if (query.status) q = q.where('r.status', '=', query.status);
    if (query.kind) q = q.where('r.kind', '=', query.kind);
    if (query.measurementId) q = q.where('r.measurement_id', '=', query.measurementId);
    q = whereCreatedBetween(q, query, 'r.created_at');
    return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc');
  }

  findJoined(id: number): Promise<JoinedReportRow | undefined> {
    return this.joined().where('r.id', '=', id).executeTakeFirst();
  }

  /** Every version of a report, newest first. */
  versions(rootId: number): Promise<JoinedReportRow[]> {
    return this.joined().where('r.root_id', '=', rootId).orderBy('r.version', 'desc').execute();
  }

  /** The published versions of a report, newest first. */
  publishedVersions(rootId: number): Promise<HealthReportRowDb[]> {
    return this.db
      .selectFrom('health_reports')
      .selectAll()
      .where('root_id', '=', rootId)
      .where('status', '=', 'published')
      .orderBy('version', 'desc')
      .execute();
  }

  /** The highest version of a report. */
  latest(rootId: number): Promise<HealthReportRowDb | undefined> {
    return this.db
      .selectFrom('health_reports')
      .selectAll()
      .where('root_id', '=', rootId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** A new version; its id. A first version's root is set with `setRoot` (same transaction). */
  insert(values: Insertable<HealthReportsTable>): Promise<number> {
    return insertRow(this.db, 'health_reports', values);
  }

  async setRoot(id: number): Promise<void> {
    await this.db.updateTable('health_reports').set({ root_id: id }).where('id', '=', id).execute();
  }

  /** Change a version while it is a draft (and only then): whether it was one. */
  async updateDraft(id: number, values: Updateable<HealthReportsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('health_reports')
      .set(values)
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Publish a signed version (and only one): whether it was signed. */
  async publishSigned(id: number, by: { id: number; name: string }, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('health_reports')
      .set({ status: 'published', published_by_id: by.id, published_by: by.name, published_at: at })
      .where('id', '=', id)
      .where('status', '=', 'signed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Whether another report already answers the alert (one of its versions is published). */
  async answeredElsewhere(alertId: number, rootId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('health_reports')
      .select('id')
      .where('alert_id', '=', alertId)
      .where('status', '=', 'published')
      .where('root_id', '!=', rootId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The alert a version answers (set when publishing closes its reading's alert). */
  async setAlert(id: number, alertId: number): Promise<void> {
    await this.db
      .updateTable('health_reports')
      .set({ alert_id: alertId })
      .where('id', '=', id)
      .execute();
  }

  /** The earlier published versions of a report stop being the current one. */
  async supersede(rootId: number, exceptId: number, at: number): Promise<void> {
    await this.db
      .updateTable('health_reports')
      .set({ superseded_at: at })
      .where('root_id', '=', rootId)
      .where('id', '!=', exceptId)
      .where('status', '=', 'published')
      .where('superseded_at', 'is', null)
      .execute();
  }

  /** Delete a draft (and only a draft): whether it was one. */
  async deleteDraft(id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('health_reports')
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The reading a report is about (read-only). */
  measurement(id: number) {
    return this.db
      .selectFrom('measurements')
      .select([
        'id',
        'member_id',
        'type',
        'measured_at',
        'values_json',
        'level',
        'category',
        'label',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The alert of a reading (a reading has at most one), read-only: whose report answers it. */
  alertOfMeasurement(measurementId: number) {
    return this.db
      .selectFrom('measurement_alerts')
      .select(['id', 'status', 'claimed_by_id', 'claimed_by', 'claim_expires_at'])
      .where('measurement_id', '=', measurementId)
      .executeTakeFirst();
  }

  /** The author of a version (who created it). */
  async authorOf(id: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('health_reports')
      .select('created_by_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? Number(row.created_by_id) : null;
  }

  insertLink(values: Insertable<HealthReportLinksTable>): Promise<number> {
    return insertRow(this.db, 'health_report_links', values);
  }

  findLink(id: number): Promise<HealthReportLinkRow | undefined> {
    return this.db
      .selectFrom('health_report_links')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Links of a report that still work at `now`, newest first. */
  activeLinks(rootId: number, now: number): Promise<HealthReportLinkRow[]> {
    return this.db
      .selectFrom('health_report_links')
      .selectAll()
      .where('root_id', '=', rootId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .execute();
  }

  /** Every link of a report stops working; how many were working. */
  async revokeLinks(rootId: number, at: number): Promise<number> {
    const result = await this.db
      .updateTable('health_report_links')
      .set({ revoked_at: at })
      .where('root_id', '=', rootId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
