import {
  chinaDateOf,
  CHINA_UTC_OFFSET_MS,
  DAY_MS,
  formatChinaDate,
  percentileOf,
  STAFF_ROLE_LABELS,
  type Workload,
  type WorkloadQuery,
  type WorkloadRow,
} from '@health/contract';
import type { Actor } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import type { AuditedExport, ExportColumn } from '../../../platform/export.js';
import { OperatorsRepo } from '../../authority/operators/repo.js';
import { AUDIT_MODULE } from '../reports/service.js';
import { WorkloadRepo, type Period } from './repo.js';

const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/** The period of a checked query (the schema requires both ends). */
const periodOf = (q: WorkloadQuery): Period => ({ startTime: q.startTime!, endTime: q.endTime! });

/**
 * 医护工作量: per doctor and assistant, what they did in a period (contract health/workload.ts),
 * with every enabled doctor and assistant listed even when they did nothing.
 */
export class WorkloadService {
  private readonly repo: WorkloadRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new WorkloadRepo(ctx.db);
  }

  async workload(query: WorkloadQuery): Promise<Workload> {
    const period = periodOf(query);
    const [signed, published, times, steps, days] = await Promise.all([
      this.repo.signedBy(period),
      this.repo.publishedBy(period),
      this.repo.responseTimes(period),
      this.repo.taskSteps(period),
      this.repo.perDay(period, query.operatorId),
    ]);
    const operators = new OperatorsRepo(this.ctx.db);
    const staff = await operators.enabledStaff(['doctor', 'assistant']);
    const ids = new Set<number>([
      ...staff.map((s) => Number(s.id)),
      ...signed.keys(),
      ...published.keys(),
      ...steps.keys(),
    ]);
    const known = new Map(staff.map((s) => [Number(s.id), s]));
    const missing = [...ids].filter((id) => !known.has(id));
    for (const o of await operators.namesOf(missing)) known.set(Number(o.id), o);

    const minutesOf = new Map<number, number[]>();
    for (const t of times) {
      const list = minutesOf.get(t.operatorId);
      if (list) list.push(t.minutes);
      else minutesOf.set(t.operatorId, [t.minutes]);
    }

    const rows: WorkloadRow[] = [...ids].map((id) => {
      const o = known.get(id);
      const minutes = minutesOf.get(id) ?? [];
      return {
        operatorId: id,
        // An account deleted since keeps its work, under its number.
        name: o ? o.real_name || o.username : `#${id}`,
        staffRole: o?.staff_role ?? 'operator',
        read: signed.get(id) ?? 0,
        published: published.get(id)?.published ?? 0,
        alertsAnswered: published.get(id)?.alerts ?? 0,
        medianMinutes: round1(percentileOf(minutes, 50)),
        p90Minutes: round1(percentileOf(minutes, 90)),
        tasksBooked: steps.get(id)?.booked ?? 0,
        tasksDone: steps.get(id)?.done ?? 0,
      };
    });
    rows.sort(
      (a, b) =>
        b.published + b.tasksDone - (a.published + a.tasksDone) ||
        a.name.localeCompare(b.name, 'zh'),
    );

    const all = times.map((t) => t.minutes);
    const firstDay = Math.floor((period.startTime + CHINA_UTC_OFFSET_MS) / DAY_MS);
    const lastDay = Math.floor((period.endTime + CHINA_UTC_OFFSET_MS) / DAY_MS);
    const series = [];
    for (let day = firstDay; day <= lastDay; day++)
      series.push({
        date: chinaDateOf(day * DAY_MS),
        published: days.published.get(day) ?? 0,
        tasksDone: days.done.get(day) ?? 0,
      });
    return {
      rows,
      days: series,
      medianMinutes: round1(percentileOf(all, 50)),
      p90Minutes: round1(percentileOf(all, 90)),
    };
  }

  /** The table of the period as a workbook (names only: no personal data of members). */
  async export(actor: Actor, query: WorkloadQuery): Promise<AuditedExport<WorkloadRow>> {
    const { rows } = await this.workload(query);
    const period = periodOf(query);
    const minutes = (v: number | null) => (v === null ? '' : v);
    const columns: ExportColumn<WorkloadRow>[] = [
      { header: '姓名', value: (r) => r.name, width: 14 },
      { header: '角色', value: (r) => STAFF_ROLE_LABELS[r.staffRole], width: 10 },
      { header: '判读（签名报告）', value: (r) => r.read, width: 16 },
      { header: '发布报告', value: (r) => r.published, width: 10 },
      { header: '处理预警', value: (r) => r.alertsAnswered, width: 10 },
      { header: '响应时长中位数(分钟)', value: (r) => minutes(r.medianMinutes), width: 20 },
      { header: '响应时长90分位(分钟)', value: (r) => minutes(r.p90Minutes), width: 20 },
      { header: '预约任务', value: (r) => r.tasksBooked, width: 10 },
      { header: '完成任务', value: (r) => r.tasksDone, width: 10 },
    ];
    return {
      actor,
      module: AUDIT_MODULE,
      title: '医护工作量',
      filter: query,
      message: `统计时间 ${formatChinaDate(period.startTime)} 至 ${formatChinaDate(period.endTime)}`,
      total: rows.length,
      columns,
      batches: (async function* () {
        yield rows;
      })(),
    };
  }
}
