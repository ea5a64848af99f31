import {
  IngestMessages,
  State,
  classifyMeasurement,
  measurementOf,
  renderSmsTemplate,
  type Classification,
  type IngestMeasurement,
  type IngestResult,
  type IntegralSet,
  type PrewarningSet,
} from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import { createSmsSender } from '../../../platform/sms.js';
import { ContactsRepo } from '../../member/contacts/repo.js';
import { MembersRepo } from '../../member/members/repo.js';
import type { PointsService } from '../../member/points/service.js';
import { SmsRepo } from '../../system/sms-templates/repo.js';
import { DevicesRepo } from '../devices/repo.js';
import { MeasurementsRepo } from '../measurements/repo.js';
import { ECG_STORED_JOB, ECG_STORED_JOB_MIN_MS } from './ecg-file.js';
import { IngestNoncesRepo, type AuthenticatedDevice } from './repo.js';
import { warningParams, warningSmsOf } from './warning-sms.js';

/**
 * One checked reading, ready to be stored: everything the reading's transaction needs, as plain
 * data, so that it can be stored on the server's thread or sent to the ingest writer's
 * (writer.ts). An ECG's samples are not here: they are in their file already (`ecg.storageKey`).
 */
export interface StoreUnit {
  /** The device row the upload was authenticated with (the nonce's claim checks it is current). */
  device: AuthenticatedDevice & { serial: string };
  nonce: string;
  /** When the upload arrived: the time of every row the reading writes. */
  at: number;
  /** The reading; an ECG's `samples` emptied (see `ecg`). */
  reading: IngestMeasurement;
  /** The values kept on the measurement row (JSON). */
  valuesJson: string;
  ecg: {
    storageKey: string;
    sampleRate: number;
    leads: string[];
    samplesPerLead: number;
    durationMs: number;
    heartRate: number | null;
    arrhythmia: boolean;
  } | null;
  /** The 预警配置 version the reading is classified with. */
  ruleVersion: number;
  /** False when the member's measurement points of the day are known to be at the cap. */
  mayEarn: boolean;
}

/** The settings a unit is stored with (sent to the writer's thread only when they change). */
export interface StoreRules {
  prewarning: PrewarningSet;
  integral: IntegralSet;
}

export interface StoreResult extends IngestResult {
  /** The member's earnings of the day were found at the daily cap (nothing paid). */
  reachedCap: boolean;
}

/** What storing needs besides the transaction: the points service and the job scheduler's insert. */
export interface StoreDeps {
  points: (now: Clock) => PointsService;
  scheduleJob: (
    trx: Kysely<Database>,
    kind: string,
    refId: number,
    runAt: number,
  ) => Promise<unknown>;
}

/**
 * The device changed between the read the upload was authenticated with (a cached one) and its
 * transaction: nothing was stored; the upload is taken again on the device as it is now.
 */
export class StaleDevice extends Error {
  constructor() {
    super('device changed since it was read');
    this.name = 'StaleDevice';
  }
}

/** 266: the device did not prove who it is (nothing is stored). */
export function refused(message: string): AppError {
  return new AppError(State.SESSION_INVALID, message);
}

/**
 * Store one reading with everything it causes, in the caller's transaction: the nonce (first, so
 * a replay stores nothing), the measurement (idempotent on device, type and time: a repeat gets
 * the first one's answer), an ECG's recording row and analysis job, the device's last upload, an
 * alert and the warning SMS the 预警配置 rule asks for, and the measurement points of 积分配置.
 */
export async function storeReading(
  trx: Kysely<Database>,
  unit: StoreUnit,
  rules: StoreRules,
  deps: StoreDeps,
): Promise<StoreResult> {
  const { device, reading, at } = unit;
  const memberId = device.member_id!;
  await claimNonce(trx, device, unit.nonce, at);
  const members = new MembersRepo(trx);
  // Uric acid is judged by sex; other readings need the member only for a warning SMS.
  let member = reading.type === 'ua' ? await members.findRow(memberId) : undefined;
  const c = classifyMeasurement(
    rules.prewarning,
    measurementOf(reading.type, reading.values, member?.gender, rules.prewarning),
  );
  const measurements = new MeasurementsRepo(trx);
  const id = await measurements.insertNew({
    device_id: device.id,
    member_id: memberId,
    type: reading.type,
    measured_at: reading.measuredAt,
    values_json: unit.valuesJson,
    level: c.level,
    category: c.category,
    label: c.label,
    rule_version: unit.ruleVersion,
    created_at: at,
  });
  if (id === null) {
    // Stored before, or committed meanwhile by a concurrent request: the first answer.
    const first = await measurements.findByKey(device.id, reading.type, reading.measuredAt);
    return { id: Number(first!.id), level: first!.level, duplicate: true, reachedCap: false };
  }
  if (unit.ecg) {
    const ecg = unit.ecg;
    await measurements.insertEcg({
      measurement_id: id,
      sample_rate: ecg.sampleRate,
      leads_json: JSON.stringify(ecg.leads),
      samples_per_lead: ecg.samplesPerLead,
      duration_ms: ecg.durationMs,
      storage_key: ecg.storageKey,
      heart_rate: ecg.heartRate,
      arrhythmia: ecg.arrhythmia ? 1 : 0,
    });
    // A long recording's analysis is built by a job once this commits (ECG_STORED_JOB).
    if (ecg.durationMs >= ECG_STORED_JOB_MIN_MS)
      await deps.scheduleJob(trx, ECG_STORED_JOB, id, at);
  }
  await new DevicesRepo(trx).recordUpload(device.id, Math.min(reading.measuredAt, at), {
    battery: reading.battery,
    firmware: reading.firmware,
  });
  if (c.level !== 'normal') {
    // One read of the member for the alert's triage (age) and the warning SMS (name, phone).
    member ??= await members.findRow(memberId);
    if (c.notify.includes('doctorQueue'))
      await measurements.insertAlert(
        {
          measurement_id: id,
          member_id: memberId,
          type: reading.type,
          level: c.level,
          label: c.label,
          status: 'open',
          created_at: at,
          measured_at: reading.measuredAt,
        },
        member ?? { birthday: null },
      );
    if (member && (c.notify.includes('memberSms') || c.notify.includes('familySms')))
      await sendWarnings(trx, reading, c, member, memberId, at);
  }
  const reachedCap =
    unit.mayEarn &&
    (await earnPoints(
      trx,
      deps.points(() => at),
      memberId,
      id,
      at,
    ));
  return { id, level: c.level, duplicate: false, reachedCap };
}

/**
 * Keep the nonce, first thing in the reading's transaction, if the device row is still the one
 * the upload was authenticated with; 266 when the device used the nonce before, StaleDevice
 * when the row changed meanwhile (told apart by reading it again: a rare path).
 */
export async function claimNonce(
  trx: Kysely<Database>,
  device: AuthenticatedDevice & { serial: string },
  nonce: string,
  at: number,
): Promise<void> {
  if (await new IngestNoncesRepo(trx).claim(device, nonce, at)) return;
  const now = await new DevicesRepo(trx).findForIngest(device.serial);
  if (!now || !sameDevice(now, device)) throw new StaleDevice();
  throw refused(IngestMessages.nonceReused);
}

/** The same device row as far as an upload is concerned (what claimNonce compares). */
export function sameDevice(a: AuthenticatedDevice, b: AuthenticatedDevice): boolean {
  return (
    a.id === b.id &&
    a.status === b.status &&
    a.member_id === b.member_id &&
    a.secret_sealed === b.secret_sealed &&
    a.prev_secret_sealed === b.prev_secret_sealed &&
    Number(a.prev_secret_until ?? 0) === Number(b.prev_secret_until ?? 0) &&
    a.model_type === b.model_type
  );
}

/** The warning SMS the rule asks for, written to the outbox in the reading's transaction. */
async function sendWarnings(
  trx: Kysely<Database>,
  reading: IngestMeasurement,
  c: Classification,
  member: { name: string; phone: string | null },
  memberId: number,
  at: number,
): Promise<void> {
  const recipients: { phone: string; which: 'member' | 'family' }[] = [];
  if (c.notify.includes('memberSms') && member.phone)
    recipients.push({ phone: member.phone, which: 'member' });
  if (c.notify.includes('familySms'))
    for (const contact of await new ContactsRepo(trx).warningRecipients(memberId))
      recipients.push({ phone: contact.phone, which: 'family' });
  if (recipients.length === 0) return;
  const params = warningParams(reading, member.name, c.label);
  const sender = createSmsSender({ db: trx, now: () => at });
  const templates = new SmsRepo(trx);
  const wording = new Map<'member' | 'family', { content: string; provider?: string }>();
  for (const { phone, which } of recipients) {
    const template = warningSmsOf(reading.type, which);
    if (!wording.has(which)) {
      const row = await templates.wordingByCode(template.code);
      // A disabled template sends nothing; a missing one the default wording.
      if (row && !row.enabled) continue;
      wording.set(which, {
        content: row?.content ?? template.content,
        provider: row?.provider_template_id || undefined,
      });
    }
    const { content, provider } = wording.get(which)!;
    await sender.send({
      phone,
      templateCode: template.code,
      content: renderSmsTemplate(content, params),
      params,
      providerTemplateId: provider,
      sentBy: '系统',
    });
  }
}

/**
 * The measurement points of 积分配置; a member who cannot earn (frozen, logged off) gets none.
 * True when the member's earnings of the day had already reached the daily cap (nothing paid).
 */
async function earnPoints(
  trx: Kysely<Database>,
  points: PointsService,
  memberId: number,
  measurementId: number,
  at: number,
): Promise<boolean> {
  try {
    const earned = await points.earn(trx, {
      memberId,
      type: 'measurement',
      refType: 'measurement',
      refId: measurementId,
      at,
    });
    return earned.paid === 0 && earned.capped > 0;
  } catch (err) {
    // earn refuses such a member before it writes anything (255); anything else is a failure.
    if (!(err instanceof AppError) || err.state !== State.FAILED) throw err;
    return false;
  }
}
