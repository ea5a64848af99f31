import {
  queueRankOf,
  REPORT_PHRASES,
  reportKindOfType,
  type HealthReportKind,
} from '@health/contract';
import type { DemoApp } from '../../platform/area.js';
import type { AppContext } from '../../platform/context.js';
import { OperatorsRepo } from '../authority/operators/repo.js';
import { HealthReportsRepo } from './reports/repo.js';
import { WorkbenchRepo } from './workbench/repo.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Alerts of readings older than this were read by the demo doctors; the newer ones wait. */
const OPEN_WITHIN_MS = 18 * HOUR;
/** The demo doctors (authority's demo operators) who read the alerts. */
const DEMO_DOCTORS = [
  { username: 'wangfang', name: '王芳' },
  { username: 'chenjing', name: '陈静' },
];

/** The common phrase (REPORT_PHRASES) a doctor would start from for an alert's words. */
function conclusionFor(kind: HealthReportKind, label: string): number {
  const has = (word: string) => label.includes(word);
  if (kind === 'bp') return has('三级') ? 3 : has('二级') ? 2 : has('一级') ? 1 : has('低') ? 5 : 2;
  if (kind === 'ecg') return has('过速') ? 1 : has('过缓') ? 2 : has('房颤') ? 3 : 4;
  return has('低') ? 2 : 1;
}

/**
 * The demo readings reach the ingest API all at once at the first start, so their alerts were
 * all raised "now". Tell the story the readings tell instead: each alert was raised a few minutes
 * after its reading; the demo doctors closed those of the days before, and the last hours' wait
 * in the queue (some past the wait limit).
 */
export async function healthDemoThroughApi(
  _app: DemoApp,
  ctx: AppContext,
  scale: number,
): Promise<void> {
  if (scale <= 0) return;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const alerts = new WorkbenchRepo(trx);
    const reports = new HealthReportsRepo(trx);
    const operators = new OperatorsRepo(trx);
    const doctors: { id: number; name: string }[] = [];
    for (const d of DEMO_DOCTORS) {
      const found = await operators.findByUsername(d.username);
      if (found) doctors.push({ id: Number(found.id), name: d.name });
    }
    for (const a of await alerts.alertsWithReadingTime()) {
      const id = Number(a.id);
      const raisedAt = Math.min(now, Number(a.measured_at) + ((id % 5) + 1) * MINUTE);
      const rank = queueRankOf(
        {
          level: a.level,
          age: a.triage_age === null ? null : Number(a.triage_age),
          history: Number(a.triage_history),
        },
        raisedAt,
      );
      const doctor = doctors[id % Math.max(1, doctors.length)];
      const handled =
        now - raisedAt > OPEN_WITHIN_MS && doctor
          ? { at: raisedAt + (20 + (id % 70)) * MINUTE, by: doctor.name }
          : null;
      await alerts.setTimeline(id, raisedAt, rank, handled);
      // The doctor's published report closed it.
      if (handled && doctor) {
        const kind = reportKindOfType(a.type);
        const phrases = REPORT_PHRASES[kind];
        const reportId = await reports.insert({
          root_id: 0,
          version: 1,
          kind,
          status: 'published',
          member_id: Number(a.member_id),
          measurement_id: Number(a.measurement_id),
          alert_id: id,
          conclusion: phrases.conclusion[conclusionFor(kind, a.label)]!,
          advice: phrases.advice[id % phrases.advice.length]!,
          addendum: '',
          details_json: '{}',
          created_by_id: doctor.id,
          created_by: doctor.name,
          created_at: handled.at - 10 * MINUTE,
          updated_at: handled.at,
          signed_by_id: doctor.id,
          signed_by: doctor.name,
          signed_at: handled.at,
          published_by_id: doctor.id,
          published_by: doctor.name,
          published_at: handled.at,
        });
        await reports.setRoot(reportId);
      }
    }
  });
}
