import {
  ageOnChinaDay,
  BP_SUMMARY_MAX_READINGS,
  DAY_MS,
  HEALTH_REPORT_PREVIEW_PAGE,
  HealthReportMessages,
  WorkbenchMessages,
  maskPhone,
  prewarningSetSchema,
  REPORT_KIND_LABELS,
  REPORT_PHRASES,
  reportDetailsSchema,
  reportKindOfType,
  SETTINGS_DEFAULTS,
  State,
  summarizeBp,
  type BpSummaryAnswer,
  type BpSummaryQuery,
  type HealthReportAdd,
  type HealthReportAmend,
  type HealthReportDetail,
  type HealthReportKind,
  type HealthReportLink,
  type HealthReportListQuery,
  type HealthReportRow,
  type HealthReportUpdate,
  type Page,
  type PrewarningSet,
  type PublicReport,
  type ReportDetails,
  type ReportMemberOption,
  type ReportMemberOptionsQuery,
  type ReportPhrases,
  type ReportReading,
} from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { fromDbJson } from '../../../db/values.js';
import { MeasurementsRepo } from '../../device/measurements/repo.js';
import { memberOptions } from '../../member/members/options.js';
import { MembersRepo } from '../../member/members/repo.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import {
  AppError,
  NotFoundError,
  PermissionError,
  ValidationError,
} from '../../../platform/errors.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { RuleVersionsRepo } from '../../report/rules/repo.js';
import { WorkbenchRepo } from '../workbench/repo.js';
import {
  REPORT_LINK_KEY_LABEL,
  signLinkToken,
  verifyLinkToken,
} from '../../../platform/link-tokens.js';
import { HealthReportsRepo, type HealthReportRowDb, type JoinedReportRow } from './repo.js';

/** The operation log's module of 健康管理. */
export const AUDIT_MODULE = 'health';

const failed = (msg: string) => new AppError(State.FAILED, msg);

/**
 * Which reports an operator reaches: every one (健康报告's page), or — through 医生工作台 alone —
 * those on a reading that raised an alert (the workbench shows every alert, open or closed).
 */
export type ReportScope = 'all' | 'workbench';

/**
 * A write that an open alert rules (see `claimRule`): the alert, and whether the writer may write
 * while no doctor holds it (the author of the draft written).
 */
interface ClaimRule {
  alertId: number;
  orUnclaimed: boolean;
}

/** A BP report on a member's period with no reading in it: nothing to sign. */
const emptyBpReport = (r: HealthReportRow) =>
  r.kind === 'bp' && r.measurementId === null && (r.details.bp?.average.count ?? 0) === 0;

function detailsOf(json: string): ReportDetails {
  let value: unknown = {};
  try {
    value = JSON.parse(json);
  } catch {
    // A row written by hand: its details read as none.
  }
  const parsed = reportDetailsSchema.safeParse(value);
  return parsed.success ? parsed.data : reportDetailsSchema.parse({});
}

const optionalNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toRow(row: JoinedReportRow): HealthReportRow {
  return {
    id: Number(row.id),
    rootId: Number(row.root_id),
    version: Number(row.version),
    kind: row.kind,
    status: row.status,
    superseded: row.superseded_at !== null,
    memberId: Number(row.member_id),
    memberName: row.member_name,
    memberPhone: maskPhone(row.member_phone),
    measurementId: optionalNumber(row.measurement_id),
    alertId: optionalNumber(row.alert_id),
    conclusion: row.conclusion,
    advice: row.advice,
    addendum: row.addendum,
    details: detailsOf(row.details_json),
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    signedBy: row.signed_by,
    signedAt: optionalNumber(row.signed_at),
    publishedBy: row.published_by,
    publishedAt: optionalNumber(row.published_at),
  };
}

/** What the operation log keeps of a version. */
function snapshot(row: {
  id: number;
  rootId: number;
  version: number;
  kind: HealthReportKind;
  status: string;
  memberId: number;
  measurementId: number | null;
  alertId: number | null;
  conclusion: string;
  advice: string;
  addendum: string;
}) {
  return {
    id: row.id,
    rootId: row.rootId,
    version: row.version,
    kind: row.kind,
    status: row.status,
    memberId: row.memberId,
    measurementId: row.measurementId,
    alertId: row.alertId,
    conclusion: row.conclusion,
    advice: row.advice,
    addendum: row.addendum,
  };
}

const targetOf = (row: {
  id: number;
  kind: HealthReportKind;
  version: number;
  memberName: string;
}) => `${REPORT_KIND_LABELS[row.kind]} #${row.id} 第${row.version}版（${row.memberName}）`;

/**
 * Health reports (/health_management/report, and the doctor workbench): drafts, signing,
 * publishing (closing the alert it answers), amending by a new version, share links and the
 * public preview a link opens.
 */
export class HealthReportService {
  private readonly repo: HealthReportsRepo;
  private readonly linkKey: Buffer;

  constructor(private readonly ctx: AppContext) {
    this.repo = new HealthReportsRepo(ctx.db);
    this.linkKey = ctx.secrets.deriveKey(REPORT_LINK_KEY_LABEL);
  }

  /** The list; through the workbench, only the reports of one alert's reading. */
  async list(
    query: HealthReportListQuery & PageRequest,
    scope: ReportScope = 'all',
  ): Promise<Page<HealthReportRow>> {
    if (scope === 'workbench') await this.assertInScope(query.measurementId ?? null, scope);
    return paginate(this.ctx.db, this.repo.query(query), query, toRow);
  }

  private async readingAlert(measurementId: number | null) {
    return measurementId === null ? undefined : this.repo.alertOfMeasurement(measurementId);
  }

  /** 267 unless the operator's scope reaches a report on this reading. */
  private async assertInScope(measurementId: number | null, scope: ReportScope): Promise<void> {
    if (scope === 'all') return;
    if (!(await this.readingAlert(measurementId))) throw new PermissionError();
  }

  /**
   * The claim's rule (医生工作台): a report on a reading whose alert is open belongs to that alert,
   * whatever the request says; writing, signing or publishing it needs the writer's live claim —
   * or, for a draft, being its author while no other doctor holds the alert. Null when no open
   * alert rules the write (none, or closed: then the report is the reports page's like any other).
   */
  private async claimRule(
    actor: Actor,
    measurementId: number | null,
    draftAuthorId: number | null,
  ): Promise<ClaimRule | null> {
    const alert = await this.readingAlert(measurementId);
    if (!alert || alert.status === 'handled') return null;
    return { alertId: Number(alert.id), orUnclaimed: draftAuthorId === actor.operatorId };
  }

  /** In the write's transaction: go on only under the claim's rule (the alert's row locked). */
  private async holdClaim(
    trx: Kysely<Database>,
    actor: Actor,
    rule: ClaimRule | null,
  ): Promise<void> {
    if (!rule) return;
    const writer = { id: actor.operatorId, orUnclaimed: rule.orUnclaimed };
    if (await new WorkbenchRepo(trx).holdForReport(rule.alertId, writer, this.ctx.now())) return;
    throw await this.claimRefusal(trx, rule.alertId);
  }

  /** Why a write under an alert was refused: closed meanwhile, held by another, or not claimed. */
  private async claimRefusal(trx: Kysely<Database>, alertId: number): Promise<AppError> {
    const alert = await new WorkbenchRepo(trx).find(alertId);
    if (!alert || alert.status === 'handled') return failed(WorkbenchMessages.closed);
    const live =
      alert.claimed_by_id !== null && Number(alert.claim_expires_at ?? 0) > this.ctx.now();
    return failed(
      live ? WorkbenchMessages.heldByOther(alert.claimed_by ?? '') : WorkbenchMessages.claimFirst,
    );
  }

  phrases(kind: HealthReportKind): ReportPhrases {
    return REPORT_PHRASES[kind];
  }

  private async load(id: number): Promise<HealthReportRow> {
    const row = await this.repo.findJoined(id);
    if (!row) throw new NotFoundError(HealthReportMessages.notFound);
    return toRow(row);
  }

  private async reading(measurementId: number | null): Promise<ReportReading | null> {
    if (measurementId === null) return null;
    const m = await this.repo.measurement(measurementId);
    if (!m) return null;
    let values: Record<string, unknown> = {};
    try {
      values = JSON.parse(m.values_json) as Record<string, unknown>;
    } catch {
      // Unreadable values show as none.
    }
    return {
      id: Number(m.id),
      type: m.type,
      measuredAt: Number(m.measured_at),
      values,
      level: m.level,
      category: m.category,
      label: m.label,
    };
  }

  async detail(id: number, scope: ReportScope = 'all'): Promise<HealthReportDetail> {
    const row = await this.load(id);
    await this.assertInScope(row.measurementId, scope);
    const [versions, links, reading] = await Promise.all([
      this.repo.versions(row.rootId),
      this.repo.activeLinks(row.rootId, this.ctx.now()),
      this.reading(row.measurementId),
    ]);
    return {
      ...row,
      reading,
      versions: versions.map(toRow),
      links: links.map((l) => ({
        id: Number(l.id),
        expiresAt: Number(l.expires_at),
        createdBy: l.created_by,
      })),
    };
  }

  /** A member a report may be written for: one that exists and is not logged off. */
  private async member(memberId: number): Promise<{ name: string }> {
    const m = await new MembersRepo(this.ctx.db).brief(memberId);
    if (!m || m.status === 'logged_off') {
      throw ValidationError.field('memberId', HealthReportMessages.memberNotFound);
    }
    return { name: m.name };
  }

  /** The warning rules in force now (their saved value on top of the defaults). */
  private currentRules(): PrewarningSet {
    const parsed = prewarningSetSchema.safeParse(
      this.ctx.settings.get<unknown>('prewarning_set', null),
    );
    return parsed.success ? parsed.data : SETTINGS_DEFAULTS.prewarning_set;
  }

  /** A member's BP readings of a period, oldest first (the newest BP_SUMMARY_MAX_READINGS). */
  private async bpReadings(memberId: number, periodStart: number, periodEnd: number) {
    const rows = await new MeasurementsRepo(this.ctx.db).series(
      memberId,
      'bp',
      { startTime: periodStart, endTime: periodEnd },
      BP_SUMMARY_MAX_READINGS + 1,
    );
    const truncated = rows.length > BP_SUMMARY_MAX_READINGS;
    const points = rows
      .slice(0, BP_SUMMARY_MAX_READINGS)
      .reverse()
      .map((r) => ({
        id: Number(r.id),
        measuredAt: Number(r.measured_at),
        values: fromDbJson<Record<string, unknown>>(r.values_json) ?? {},
        level: r.level,
        label: r.label,
      }));
    const summary = summarizeBp(
      points.map((p) => ({
        measuredAt: p.measuredAt,
        systolic: Number(p.values.systolic),
        diastolic: Number(p.values.diastolic),
        pulse: typeof p.values.pulse === 'number' ? p.values.pulse : null,
        abnormal: p.level !== 'normal',
      })),
      this.currentRules(),
    );
    return { points, truncated, summary };
  }

  /** 创建血压报告: a member's BP readings of a period and their summary. */
  async bpSummary(query: BpSummaryQuery): Promise<BpSummaryAnswer> {
    const m = await new MembersRepo(this.ctx.db).brief(query.memberId);
    if (!m) throw ValidationError.field('memberId', HealthReportMessages.memberNotFound);
    const { points, truncated, summary } = await this.bpReadings(
      query.memberId,
      query.periodStart,
      query.periodEnd,
    );
    return {
      memberId: query.memberId,
      memberName: m.name,
      memberPhone: maskPhone(m.phone),
      type: 'bp',
      points,
      truncated,
      rules: this.currentRules(),
      ruleNumber: await new RuleVersionsRepo(this.ctx.db).numberOf(
        this.ctx.settings.versionOf('prewarning_set'),
      ),
      periodStart: query.periodStart,
      periodEnd: query.periodEnd,
      summary,
    };
  }

  /**
   * A BP report's details with the summary of its period, computed here (what the client sent as
   * the summary is not kept); a BP report on a member needs its period.
   */
  private async withBpSummary(
    kind: HealthReportKind,
    memberId: number,
    details: ReportDetails,
  ): Promise<ReportDetails> {
    if (kind !== 'bp') return { ...details, bp: null };
    if (details.periodStart === null || details.periodEnd === null) {
      return { ...details, bp: null };
    }
    const { summary } = await this.bpReadings(memberId, details.periodStart, details.periodEnd);
    return { ...details, bp: summary };
  }

  /** The builders' member picker: each member's age and newest reading (of `type`, if asked). */
  async memberOptions(query: ReportMemberOptionsQuery): Promise<ReportMemberOption[]> {
    const found = await memberOptions(this.ctx.db, query.keyword);
    const members = new MembersRepo(this.ctx.db);
    const readings = new MeasurementsRepo(this.ctx.db);
    const now = this.ctx.now();
    return Promise.all(
      found.map(async (m) => {
        const [row, latest] = await Promise.all([
          members.findRow(m.id),
          query.type
            ? readings
                .series(m.id, query.type, {}, 1)
                .then((rs) => rs.map((r) => ({ ...r, type: query.type! })))
            : readings.latestOfMember(m.id, 1),
        ]);
        const last = latest[0];
        return {
          ...m,
          age: ageOnChinaDay(row?.birthday, now),
          lastReading: last
            ? {
                type: last.type,
                measuredAt: Number(last.measured_at),
                values: fromDbJson<Record<string, unknown>>(last.values_json) ?? {},
                level: last.level,
                label: last.label,
              }
            : null,
        };
      }),
    );
  }

  async add(actor: Actor, input: HealthReportAdd, scope: ReportScope = 'all'): Promise<number> {
    let memberId: number;
    let kind: HealthReportKind;
    let measurementId: number | null = null;
    if (input.measurementId !== undefined) {
      const m = await this.repo.measurement(input.measurementId);
      if (!m)
        throw ValidationError.field('measurementId', HealthReportMessages.measurementNotFound);
      memberId = Number(m.member_id);
      kind = reportKindOfType(m.type);
      measurementId = Number(m.id);
    } else {
      memberId = input.memberId as number;
      kind = input.kind ?? 'general';
      if (kind === 'bp' && (input.details?.periodStart ?? null) === null)
        throw ValidationError.field('periodStart', HealthReportMessages.periodRequired);
    }
    const member = await this.member(memberId);
    const alert = await this.readingAlert(measurementId);
    if (scope === 'workbench' && !alert) throw new PermissionError();
    if (input.alertId !== undefined && (!alert || Number(alert.id) !== input.alertId))
      throw ValidationError.field('alertId', HealthReportMessages.alertNotOfMeasurement);
    // A report on a reading whose alert is open answers that alert, asked or not, and is written
    // by the doctor holding its claim (医生工作台): one writer at a time.
    const rule = await this.claimRule(actor, measurementId, null);
    const alertId = rule ? rule.alertId : (input.alertId ?? null);
    const at = this.ctx.now();
    const details = await this.withBpSummary(
      kind,
      memberId,
      input.details ?? reportDetailsSchema.parse({}),
    );
    return auditedChange(this.ctx, actor, async (trx) => {
      await this.holdClaim(trx, actor, rule);
      const repo = new HealthReportsRepo(trx);
      const id = await repo.insert({
        root_id: 0,
        version: 1,
        kind,
        status: 'draft',
        member_id: memberId,
        measurement_id: measurementId,
        alert_id: alertId,
        conclusion: input.conclusion,
        advice: input.advice,
        addendum: '',
        details_json: JSON.stringify(details),
        created_by_id: actor.operatorId,
        created_by: actor.displayName,
        created_at: at,
        updated_at: at,
      });
      await repo.setRoot(id);
      const after = snapshot({
        id,
        rootId: id,
        version: 1,
        kind,
        status: 'draft',
        memberId,
        measurementId,
        alertId,
        conclusion: input.conclusion,
        advice: input.advice,
        addendum: '',
      });
      return {
        result: id,
        entry: {
          module: AUDIT_MODULE,
          action: 'add',
          target: targetOf({ id, kind, version: 1, memberName: member.name }),
          after,
        },
      };
    });
  }

  /** The claim's rule for a write of an existing version (its author counts while a draft). */
  private async ruleOf(actor: Actor, row: HealthReportRow): Promise<ClaimRule | null> {
    const author = row.status === 'draft' ? await this.repo.authorOf(row.id) : null;
    return this.claimRule(actor, row.measurementId, author);
  }

  async update(actor: Actor, input: HealthReportUpdate, scope: ReportScope = 'all'): Promise<void> {
    const before = await this.load(input.id);
    await this.assertInScope(before.measurementId, scope);
    if (before.status !== 'draft') throw failed(HealthReportMessages.notDraft);
    const rule = await this.ruleOf(actor, before);
    const details = input.details
      ? await this.withBpSummary(before.kind, before.memberId, input.details)
      : undefined;
    await auditedChange(this.ctx, actor, async (trx) => {
      await this.holdClaim(trx, actor, rule);
      const values = {
        conclusion: input.conclusion,
        advice: input.advice,
        updated_at: this.ctx.now(),
        ...(details ? { details_json: JSON.stringify(details) } : {}),
      };
      // The WHERE keeps a version signed meanwhile as it was signed.
      if (!(await new HealthReportsRepo(trx).updateDraft(input.id, values)))
        throw failed(HealthReportMessages.notDraft);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'edit',
          target: targetOf(before),
          before: snapshot(before),
          after: snapshot({ ...before, conclusion: input.conclusion, advice: input.advice }),
        },
      };
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const before = await this.load(id);
    if (before.status !== 'draft') throw failed(HealthReportMessages.deleteOnlyDraft);
    const rule = await this.ruleOf(actor, before);
    await auditedChange(this.ctx, actor, async (trx) => {
      await this.holdClaim(trx, actor, rule);
      if (!(await new HealthReportsRepo(trx).deleteDraft(id)))
        throw failed(HealthReportMessages.deleteOnlyDraft);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'delete',
          target: targetOf(before),
          before: snapshot(before),
        },
      };
    });
  }

  private static signedColumns(actor: Actor, at: number) {
    return {
      status: 'signed' as const,
      signed_by_id: actor.operatorId,
      signed_by: actor.displayName,
      signed_at: at,
      updated_at: at,
    };
  }

  async sign(actor: Actor, id: number, scope: ReportScope = 'all'): Promise<void> {
    const before = await this.load(id);
    await this.assertInScope(before.measurementId, scope);
    if (before.status !== 'draft') throw failed(HealthReportMessages.notDraft);
    if (emptyBpReport(before)) throw failed(HealthReportMessages.bpEmpty);
    const rule = await this.ruleOf(actor, before);
    const at = this.ctx.now();
    await auditedChange(this.ctx, actor, async (trx) => {
      await this.holdClaim(trx, actor, rule);
      const signed = await new HealthReportsRepo(trx).updateDraft(
        id,
        HealthReportService.signedColumns(actor, at),
      );
      if (!signed) throw failed(HealthReportMessages.notDraft);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'sign',
          target: targetOf(before),
          before: { status: before.status },
          after: { status: 'signed', signedBy: actor.displayName, signedAt: at },
        },
      };
    });
  }

  /**
   * Publish a version: a draft is signed by the publisher first. Publishing version n > 1
   * supersedes the published one before it; the open alert of its reading is closed, in one
   * transaction, under the claim's rule (of two doctors publishing at once, one closes it).
   */
  async publish(actor: Actor, id: number, scope: ReportScope = 'all'): Promise<void> {
    const before = await this.load(id);
    await this.assertInScope(before.measurementId, scope);
    if (before.status === 'published') throw failed(HealthReportMessages.alreadyPublished);
    if (emptyBpReport(before)) throw failed(HealthReportMessages.bpEmpty);
    const rule = await this.ruleOf(actor, before);
    const alertId = rule?.alertId ?? before.alertId;
    // One report answers an alert: a draft of it left behind once another closed it stays one.
    if (!rule && alertId !== null && (await this.repo.answeredElsewhere(alertId, before.rootId)))
      throw failed(WorkbenchMessages.closed);
    const at = this.ctx.now();
    await auditedChange(this.ctx, actor, async (trx) => {
      if (rule) {
        const writer = { id: actor.operatorId, orUnclaimed: rule.orUnclaimed };
        const closed = await new WorkbenchRepo(trx).closeByReport(
          rule.alertId,
          writer,
          actor.displayName,
          at,
        );
        if (!closed) throw await this.claimRefusal(trx, rule.alertId);
      }
      const repo = new HealthReportsRepo(trx);
      // The report answers the alert it closed (one written before the rule may not say so).
      if (rule && before.alertId !== rule.alertId) await repo.setAlert(id, rule.alertId);
      if (before.status === 'draft') {
        const signed = await repo.updateDraft(id, HealthReportService.signedColumns(actor, at));
        if (!signed) throw failed(HealthReportMessages.alreadyPublished);
      }
      const by = { id: actor.operatorId, name: actor.displayName };
      if (!(await repo.publishSigned(id, by, at)))
        throw failed(HealthReportMessages.alreadyPublished);
      await repo.supersede(before.rootId, id, at);
      return {
        result: undefined,
        entry: {
          module: AUDIT_MODULE,
          action: 'publish',
          target: targetOf(before),
          before: { status: before.status },
          after: {
            status: 'published',
            publishedBy: actor.displayName,
            publishedAt: at,
            ...(alertId !== null ? { alertId } : {}),
          },
        },
      };
    });
  }

  /** A new draft version of the latest published one, with the addendum; its id. */
  async amend(actor: Actor, input: HealthReportAmend, scope: ReportScope = 'all'): Promise<number> {
    const before = await this.load(input.id);
    await this.assertInScope(before.measurementId, scope);
    if (before.status !== 'published') throw failed(HealthReportMessages.notPublished);
    if (before.superseded) throw failed(HealthReportMessages.superseded);
    // A reading whose alert is open again (re-judged): the new version needs the claim too.
    const rule = await this.claimRule(actor, before.measurementId, null);
    const at = this.ctx.now();
    const details = input.details
      ? await this.withBpSummary(before.kind, before.memberId, input.details)
      : before.details;
    return auditedChange(
      this.ctx,
      actor,
      async (trx) => {
        await this.holdClaim(trx, actor, rule);
        const repo = new HealthReportsRepo(trx);
        const latest = await repo.latest(before.rootId);
        if (latest && Number(latest.id) !== before.id) {
          throw failed(
            latest.status === 'published'
              ? HealthReportMessages.superseded
              : HealthReportMessages.amendPending,
          );
        }
        const version = before.version + 1;
        // The unique (root_id, version) refuses a second amendment made at the same moment.
        const id = await repo.insert({
          root_id: before.rootId,
          version,
          kind: before.kind,
          status: 'draft',
          member_id: before.memberId,
          measurement_id: before.measurementId,
          alert_id: null,
          conclusion: input.conclusion,
          advice: input.advice,
          addendum: input.addendum,
          details_json: JSON.stringify(details),
          created_by_id: actor.operatorId,
          created_by: actor.displayName,
          created_at: at,
          updated_at: at,
        });
        return {
          result: id,
          entry: {
            module: AUDIT_MODULE,
            action: 'amend',
            target: targetOf(before),
            before: snapshot(before),
            after: snapshot({
              ...before,
              id,
              version,
              status: 'draft',
              alertId: null,
              conclusion: input.conclusion,
              advice: input.advice,
              addendum: input.addendum,
            }),
          },
        };
      },
      () => failed(HealthReportMessages.amendPending),
    );
  }

  private linkDays(): number {
    const order = {
      ...SETTINGS_DEFAULTS.order,
      ...this.ctx.settings.get('order', SETTINGS_DEFAULTS.order),
    };
    return order.reportLinkDays;
  }

  /** A signed link to the published report, valid `days` (default: 运营配置). */
  async shareLink(
    actor: Actor,
    id: number,
    days?: number,
    scope: ReportScope = 'all',
  ): Promise<HealthReportLink> {
    const before = await this.load(id);
    await this.assertInScope(before.measurementId, scope);
    if (before.status !== 'published') throw failed(HealthReportMessages.notPublished);
    const at = this.ctx.now();
    const validDays = days ?? this.linkDays();
    const expiresAt = at + validDays * DAY_MS;
    const linkId = await auditedChange(this.ctx, actor, async (trx) => {
      const created = await new HealthReportsRepo(trx).insertLink({
        root_id: before.rootId,
        expires_at: expiresAt,
        revoked_at: null,
        created_by: actor.displayName,
        created_at: at,
      });
      return {
        result: created,
        entry: {
          module: AUDIT_MODULE,
          action: 'shareLink',
          target: targetOf(before),
          after: { linkId: created, days: validDays, expiresAt },
        },
      };
    });
    const token = signLinkToken(this.linkKey, { linkId, expiresAt });
    return { url: `${HEALTH_REPORT_PREVIEW_PAGE}?token=${token}`, expiresAt };
  }

  /** Every link of the report stops working. */
  async revokeLinks(actor: Actor, id: number, scope: ReportScope = 'all'): Promise<number> {
    const before = await this.load(id);
    await this.assertInScope(before.measurementId, scope);
    const at = this.ctx.now();
    return auditedChange(this.ctx, actor, async (trx) => {
      const revoked = await new HealthReportsRepo(trx).revokeLinks(before.rootId, at);
      return {
        result: revoked,
        entry: {
          module: AUDIT_MODULE,
          action: 'revokeLinks',
          target: targetOf(before),
          after: { revokedLinks: revoked },
        },
      };
    });
  }

  /** What a link shows, without a login: the published versions, newest first. */
  async preview(token: string): Promise<PublicReport> {
    const claims = verifyLinkToken(this.linkKey, token);
    if (!claims) throw failed(HealthReportMessages.linkInvalid);
    const link = await this.repo.findLink(claims.linkId);
    if (!link || Number(link.expires_at) !== claims.expiresAt)
      throw failed(HealthReportMessages.linkInvalid);
    if (link.revoked_at !== null) throw failed(HealthReportMessages.linkRevoked);
    if (claims.expiresAt <= this.ctx.now()) throw failed(HealthReportMessages.linkExpired);
    const rows = await this.repo.publishedVersions(Number(link.root_id));
    const first = rows[0];
    if (!first) throw failed(HealthReportMessages.linkInvalid);
    const member = await new MembersRepo(this.ctx.db).brief(Number(first.member_id));
    if (!member || member.status === 'logged_off') throw failed(HealthReportMessages.linkInvalid);
    return {
      memberName: member.name,
      memberPhone: maskPhone(member.phone),
      reading: await this.reading(optionalNumber(first.measurement_id)),
      versions: rows.map((r) => HealthReportService.publicVersion(r)),
      expiresAt: claims.expiresAt,
    };
  }

  private static publicVersion(r: HealthReportRowDb) {
    return {
      version: Number(r.version),
      kind: r.kind,
      conclusion: r.conclusion,
      advice: r.advice,
      addendum: r.addendum,
      details: detailsOf(r.details_json),
      signedBy: r.signed_by ?? '',
      signedAt: Number(r.signed_at),
      publishedAt: Number(r.published_at),
    };
  }
}
