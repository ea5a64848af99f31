import {
  MEASUREMENT_TYPE_LABELS,
  REJUDGE_MAX_READINGS,
  ReportMeasurementMessages,
  SETTINGS_DEFAULTS,
  classifyMeasurement,
  formatChinaDate,
  measurementOf,
  prewarningSetSchema,
  type PrewarningSet,
  type RejudgeRequest,
  type RejudgeResult,
  type RuleVersion,
} from '@health/contract';
import { fromDbJson, toNumber } from '../../../db/values.js';
import type { Actor } from '../../../platform/actor.js';
import { auditedChange } from '../../../platform/changes.js';
import type { AppContext } from '../../../platform/context.js';
import { ValidationError } from '../../../platform/errors.js';
import { MeasurementsRepo } from '../../device/measurements/repo.js';
import { AUDIT_MODULE } from '../measurements/service.js';
import { RuleVersionsRepo } from './repo.js';

/** Readings judged again per query batch. */
const BATCH = 500;

/**
 * The versions of the warning rules, and the one way history is ever judged again: an operator's
 * "re-judge this period" (logged). Saving new rules never touches a stored reading.
 */
export class RuleVersionService {
  constructor(private readonly ctx: AppContext) {}

  async versions(): Promise<RuleVersion[]> {
    const [versions, counts] = await Promise.all([
      new RuleVersionsRepo(this.ctx.db).list(),
      new MeasurementsRepo(this.ctx.db).countByRuleVersion(),
    ]);
    const current = this.ctx.settings.versionOf('prewarning_set');
    const readings = new Map(counts.map((c) => [Number(c.rule_version), toNumber(c.n)]));
    return versions.map((v) => ({
      version: Number(v.version),
      number: Number(v.number),
      savedAt: Number(v.version) === 0 ? null : Number(v.version),
      savedBy: v.saved_by,
      readings: readings.get(Number(v.version)) ?? 0,
      current: Number(v.version) === current,
    }));
  }

  private currentRules(): PrewarningSet {
    const parsed = prewarningSetSchema.safeParse(
      this.ctx.settings.get<unknown>('prewarning_set', null),
    );
    return parsed.success ? parsed.data : SETTINGS_DEFAULTS.prewarning_set;
  }

  /**
   * Judge a period's readings of the given types by the rules in force now. A reading judged
   * differently takes the new level, words and version; one now abnormal gets an alert when the
   * rules send it to the doctors' queue, and one now normal has its unhandled alert closed. A dry run
   * counts without writing. One transaction, one operation-log entry with the counts.
   */
  async rejudge(actor: Actor, input: RejudgeRequest): Promise<RejudgeResult> {
    const rules = this.currentRules();
    const version = this.ctx.settings.versionOf('prewarning_set');
    const ruleNumber = await new RuleVersionsRepo(this.ctx.db).numberOf(version);
    const { types, startTime: from, endTime: to } = input;
    const total = toNumber(
      (await new MeasurementsRepo(this.ctx.db).countInPeriod(types, from, to))?.n,
    );
    if (total > REJUDGE_MAX_READINGS)
      throw ValidationError.field('endTime', ReportMeasurementMessages.rejudgeTooMany);

    const run = async (repo: MeasurementsRepo, write: boolean) => {
      const counts = { total: 0, changed: 0, raised: 0, cleared: 0 };
      const at = this.ctx.now();
      let afterId = 0;
      for (;;) {
        const batch = await repo.periodBatch(types, from, to, afterId, BATCH);
        if (batch.length === 0) break;
        afterId = Number(batch[batch.length - 1]!.id);
        for (const r of batch) {
          counts.total++;
          const values = fromDbJson<Record<string, unknown>>(r.values_json) ?? {};
          const c = classifyMeasurement(rules, measurementOf(r.type, values, r.gender, rules));
          if (c.level === r.level && c.category === r.category) continue;
          counts.changed++;
          const alertOpen = r.alert_status === 'open' || r.alert_status === 'claimed';
          const raise =
            c.level !== 'normal' && r.alert_status === null && c.notify.includes('doctorQueue');
          const clear = c.level === 'normal' && alertOpen;
          if (raise) counts.raised++;
          if (clear) counts.cleared++;
          if (!write) continue;
          const id = Number(r.id);
          await repo.rejudge(id, { level: c.level, category: c.category, label: c.label, version });
          if (raise)
            await repo.insertAlert({
              measurement_id: id,
              member_id: Number(r.member_id),
              type: r.type,
              level: c.level as 'warning' | 'urgent',
              label: c.label,
              status: 'open',
              created_at: at,
              measured_at: Number(r.measured_at),
            });
          if (clear) await repo.closeAlert(id, actor.displayName, at);
          if (c.level !== 'normal' && alertOpen)
            await repo.updateOpenAlert(id, c.level as 'warning' | 'urgent', c.label);
        }
      }
      return counts;
    };

    if (input.dryRun) {
      const counts = await run(new MeasurementsRepo(this.ctx.db), false);
      return { ...counts, ruleNumber, dryRun: true };
    }
    const counts = await auditedChange(this.ctx, actor, async (trx) => {
      const result = await run(new MeasurementsRepo(trx), true);
      return {
        result,
        entry: {
          module: AUDIT_MODULE,
          action: 'rejudge',
          target: `${types.map((t) => MEASUREMENT_TYPE_LABELS[t]).join('、')}记录 ${formatChinaDate(from)} 至 ${formatChinaDate(to)}`,
          before: null,
          after: {
            ruleNumber: ruleNumber === null ? '' : `v${ruleNumber}`,
            readingCount: result.total,
            changedCount: result.changed,
            raisedCount: result.raised,
            clearedCount: result.cleared,
          },
        },
      };
    });
    return { ...counts, ruleNumber, dryRun: false };
  }
}
