import {
  BG_CONTEXT_LABELS,
  MEASUREMENT_LEVEL_LABELS,
  MEASUREMENT_TYPE_LABELS,
  MEASUREMENT_TYPES,
  ReportMeasurementMessages,
  SETTINGS_DEFAULTS,
  TREND_MAX_POINTS,
  formatChinaDate,
  maskPhone,
  measurementReason,
  prewarningSetSchema,
  type BgContext,
  type MeasurementExportQuery,
  type MeasurementHandleRequest,
  type MeasurementListQuery,
  type MeasurementRow,
  type MeasurementTrend,
  type MeasurementTrendQuery,
  type MeasurementType,
  type MemberMeasurementSummary,
  type Page,
  type PrewarningSet,
} from '@health/contract';
import { fromDbJson, toNumber } from '../../../db/values.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFoundError, ValidationError } from '../../../platform/errors.js';
import { queryExport, type AuditedExport, type ExportColumn } from '../../../platform/export.js';
import { paginate, type PageRequest } from '../../../platform/pagination.js';
import { MeasurementsRepo } from '../../device/measurements/repo.js';
import { MembersRepo } from '../../member/members/repo.js';
import { RuleVersionsRepo } from '../rules/repo.js';

export const AUDIT_MODULE = 'report';

type JoinedRow = Awaited<
  ReturnType<ReturnType<MeasurementsRepo['reportQuery']>['execute']>
>[number];

const optionalNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function toMeasurementRow(r: JoinedRow): MeasurementRow {
  return {
    id: Number(r.id),
    type: r.type,
    memberId: Number(r.member_id),
    memberName: r.member_name,
    memberPhone: maskPhone(r.member_phone),
    deviceId: Number(r.device_id),
    deviceSerial: r.device_serial,
    measuredAt: Number(r.measured_at),
    values: fromDbJson<Record<string, unknown>>(r.values_json) ?? {},
    level: r.level,
    category: r.category,
    label: r.label,
    ruleVersion: Number(r.rule_version),
    ruleNumber: optionalNumber(r.rule_number),
    handled: r.handled_at !== null,
    handledAt: optionalNumber(r.handled_at),
    handledBy: r.handled_by ?? null,
    handleRemark: r.handle_remark,
  };
}

/** A reading's values in words, as the export writes them. */
export function valuesText(row: Pick<MeasurementRow, 'type' | 'values'>): string {
  const v = row.values;
  switch (row.type) {
    case 'bp':
      return `${String(v.systolic)}/${String(v.diastolic)} mmHg，脉搏 ${String(v.pulse)} 次/分`;
    case 'bg':
      return `${String(v.mmol)} mmol/L（${BG_CONTEXT_LABELS[v.context as BgContext] ?? ''}）`;
    case 'chol':
      return `${String(v.mmol)} mmol/L`;
    case 'ua':
      return `${String(v.umol)} µmol/L`;
    case 'ecg': {
      const seconds = Math.round(Number(v.samplesPerLead) / Number(v.sampleRate));
      const hr = typeof v.heartRate === 'number' ? `心率 ${v.heartRate} 次/分，` : '';
      return `${hr}时长 ${seconds} 秒`;
    }
  }
}

/**
 * The report lists (/report_list/ecg | bp | bg | chol | ua): readings of a type as they were judged,
 * their handling, a member's trend with the rules' bands and the member detail's summary.
 */
export class ReportMeasurementService {
  private readonly repo: MeasurementsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new MeasurementsRepo(ctx.db);
  }

  list(query: MeasurementListQuery & PageRequest): Promise<Page<MeasurementRow>> {
    return paginate(this.ctx.db, this.repo.reportQuery(query), query, toMeasurementRow);
  }

  async handle(actor: Actor, input: MeasurementHandleRequest): Promise<{ handled: number }> {
    const remark = input.remark ?? '';
    const handled = await auditedChange(this.ctx, actor, async (trx) => {
      const ids = await new MeasurementsRepo(trx).handle(
        input.type,
        input.ids,
        actor.displayName,
        remark,
        this.ctx.now(),
      );
      if (ids.length === 0)
        throw ValidationError.field('ids', ReportMeasurementMessages.nothingToHandle);
      return {
        result: ids.length,
        entry: {
          module: AUDIT_MODULE,
          action: 'handle',
          target: `${MEASUREMENT_TYPE_LABELS[input.type]}记录 ${ids.join('、')}`,
          before: null,
          after: { measurementIds: ids, handleRemark: remark },
        },
      };
    });
    return { handled };
  }

  /** The rules in force now (their saved value on top of the defaults). */
  private currentRules(): PrewarningSet {
    const stored = this.ctx.settings.get<unknown>('prewarning_set', null);
    const parsed = prewarningSetSchema.safeParse(stored);
    return parsed.success ? parsed.data : SETTINGS_DEFAULTS.prewarning_set;
  }

  async trend(query: MeasurementTrendQuery): Promise<MeasurementTrend> {
    const member = await new MembersRepo(this.ctx.db).findRow(query.memberId);
    if (!member) throw new NotFoundError('会员不存在');
    const rows = await this.repo.series(query.memberId, query.type, query, TREND_MAX_POINTS + 1);
    const truncated = rows.length > TREND_MAX_POINTS;
    const points = rows
      .slice(0, TREND_MAX_POINTS)
      .reverse()
      .map((r) => ({
        id: Number(r.id),
        measuredAt: Number(r.measured_at),
        values: fromDbJson<Record<string, unknown>>(r.values_json) ?? {},
        level: r.level,
        label: r.label,
      }));
    return {
      memberId: query.memberId,
      memberName: member.name,
      type: query.type,
      points,
      truncated,
      rules: this.currentRules(),
      ruleNumber: await new RuleVersionsRepo(this.ctx.db).numberOf(
        this.ctx.settings.versionOf('prewarning_set'),
      ),
    };
  }

  async memberSummary(memberId: number): Promise<MemberMeasurementSummary> {
    const found = await this.repo.memberSummary(memberId);
    return MEASUREMENT_TYPES.map((type) => {
      const f = found.find((x) => x.type === type);
      return {
        type,
        count: toNumber(f?.n),
        abnormal: toNumber(f?.abnormal),
        latest: f?.latest ? toMeasurementRow(f.latest) : null,
      };
    });
  }

  async export(
    actor: Actor,
    query: MeasurementExportQuery,
  ): Promise<AuditedExport<MeasurementRow>> {
    const type: MeasurementType = query.type;
    const time = (v: number | null) => (v === null ? '' : formatChinaDate(v));
    const columns: ExportColumn<MeasurementRow>[] = [
      { header: '会员', value: (r) => r.memberName, width: 14 },
      { header: '手机号', value: (r) => r.memberPhone, width: 16 },
      { header: '设备序列号', value: (r) => r.deviceSerial, width: 22 },
      { header: '测量时间', value: (r) => time(r.measuredAt), width: 20 },
      { header: '数值', value: valuesText, width: 34 },
      { header: '预警级别', value: (r) => MEASUREMENT_LEVEL_LABELS[r.level], width: 10 },
      { header: '判定结果', value: (r) => measurementReason(r) || r.label, width: 24 },
      {
        header: '规则版本',
        value: (r) => (r.ruleNumber === null ? '' : `v${r.ruleNumber}`),
        width: 10,
      },
      { header: '处理状态', value: (r) => (r.handled ? '已处理' : '未处理'), width: 10 },
      { header: '处理人', value: (r) => r.handledBy ?? '', width: 12 },
      { header: '处理时间', value: (r) => time(r.handledAt), width: 20 },
      { header: '处理说明', value: (r) => r.handleRemark, width: 24 },
    ];
    return queryExport(this.ctx.db, this.repo.reportQuery(query), toMeasurementRow, {
      actor,
      module: AUDIT_MODULE,
      title: `${MEASUREMENT_TYPE_LABELS[type]}报告`,
      filter: query,
      columns,
    });
  }
}
