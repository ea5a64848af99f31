import { timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import {
  DEFAULT_PREWARNING_SET,
  chinaDayStartOf,
  INGEST_CLOCK_SKEW_MS,
  INGEST_NONCE,
  INGEST_NONCE_RETENTION_MS,
  INGEST_SIGNATURE,
  INGEST_TIMESTAMP,
  DEVICE_SERIAL,
  IngestMessages,
  IngestPaths,
  State,
  classifyMeasurement,
  measurementOf,
  ingestMeasurementSchema,
  ingestSigningText,
  prewarningSetSchema,
  renderSmsTemplate,
  type Classification,
  type FieldError,
  type IngestMeasurement,
  type IngestResult,
  type IntegralSet,
  type PrewarningSet,
} from '@health/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { ActorLog } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { AppError, ValidationError } from '../../../platform/errors.js';
import { GroupCommit } from '../../../platform/group-commit.js';
import { createSmsSender } from '../../../platform/sms.js';
import { MembersRepo } from '../../member/members/repo.js';
import { ContactsRepo } from '../../member/contacts/repo.js';
import { PointsService } from '../../member/points/service.js';
import { SmsRepo } from '../../system/sms-templates/repo.js';
import { DevicesRepo } from '../devices/repo.js';
import { secretContext } from '../devices/service.js';
import { MeasurementsRepo } from '../measurements/repo.js';
import { ECG_STORED_JOB, ECG_STORED_JOB_MIN_MS, encodeEcgSamples, newEcgKey } from './ecg-file.js';
import { IngestNoncesRepo } from './repo.js';
import { ingestHmac, sha256Hex } from './signing.js';
import { WARNING_SMS, warningParams } from './warning-sms.js';

const gunzipAsync = promisify(gunzip);

/** The largest body the route reads (as sent) and the largest JSON a gzip body may unpack to. */
export const INGEST_BODY_LIMIT = 256 * 1024 * 1024;
/**
 * Bodies above this size are checked for a replayed nonce before they are unpacked and parsed
 * (small ones rely on the nonce's insert in the reading's transaction, one query less).
 */
const EARLY_NONCE_CHECK_BYTES = 64 * 1024;
/** Old nonces are swept at most this often per process (opportunistically, after a reading). */
const NONCE_SWEEP_INTERVAL_MS = 60_000;
const SECRET_CACHE_MAX = 10_000;
const DEVICE_CACHE_MAX = 10_000;
/** Takes of one upload when the device keeps changing under it (see StaleDevice). */
const MAX_TAKES = 3;

/** One upload as it arrived: the four headers, the content encoding and the body's bytes. */
export interface IngestRequest {
  /** The request path without query (`/api/v3/device/ingest/measurement`). */
  path: string;
  serial: string | undefined;
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  /** `gzip`, or nothing / `identity`. */
  contentEncoding?: string | undefined;
  /** The bytes as sent (what the signature's body hash covers). */
  body: Buffer;
}

type IngestDevice = NonNullable<Awaited<ReturnType<DevicesRepo['findForIngest']>>>;

/**
 * The device changed between the read the upload was authenticated with (a cached one) and its
 * transaction: nothing was stored; the upload is taken again on the device as it is now.
 */
class StaleDevice extends Error {}

/** 266: the device did not prove who it is (nothing is stored). */
function refused(message: string): AppError {
  return new AppError(State.SESSION_INVALID, message);
}

function failed(message: string, httpStatus?: number): AppError {
  return new AppError(State.FAILED, message, httpStatus);
}

function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldError[] {
  return issues.map((i) => ({ field: i.path.map(String).join('.'), msg: i.message }));
}

/**
 * The signed device ingest API (docs/device-ingest.md): authenticate the device by its HMAC
 * signature, check the reading, classify it with the 预警配置 rules in force and store it with
 * everything it causes — the device's last upload, an alert, the warning SMS, measurement points —
 * in one transaction (an ECG's samples file is written and flushed first). Idempotent on
 * (device, type, measuredAt).
 *
 * Not an operator action: nothing goes to the operation log, and nothing of the values, the
 * secrets or the phones goes to the server log.
 */
export class IngestService {
  private readonly devices: DevicesRepo;
  /** The readings' transactions: shared by the readings that arrive together (on SQLite). */
  private readonly commits: GroupCommit;
  private readonly points: PointsService;
  private readonly capped = new CappedToday();
  private readonly secretCache = new Map<string, string>();
  /**
   * Devices by serial as last read, so that a reading costs no query to authenticate. Only a hint:
   * the nonce's insert in the reading's transaction checks that the row is still the same
   * (IngestNoncesRepo.claim), and a refusal is only ever decided on a fresh read.
   */
  private readonly deviceCache = new Map<string, IngestDevice>();
  private rulesCache: { stored: unknown; rules: PrewarningSet } | null = null;
  private lastSweepAt = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly log?: ActorLog,
  ) {
    this.devices = new DevicesRepo(ctx.db);
    this.commits = new GroupCommit(ctx.db);
    this.points = PointsService.of(ctx);
  }

  /** The path a device signs on this server: `/{service}/v3/device/ingest/measurement`. */
  get path(): string {
    return `/${this.ctx.config.apiService}${IngestPaths.measurement}`;
  }

  /** Take one upload; its answer's data, or an AppError (266 / 255) with nothing stored. */
  async ingest(request: IngestRequest): Promise<IngestResult> {
    for (let take = 1; ; take++) {
      try {
        return await this.take(request, take > 1);
      } catch (err) {
        if (!(err instanceof StaleDevice) || take >= MAX_TAKES) throw err;
        if (request.serial) this.deviceCache.delete(request.serial);
      }
    }
  }

  /** One take of an upload; `fresh`: authenticate on the device row read now, not a cached one. */
  private async take(request: IngestRequest, fresh: boolean): Promise<IngestResult> {
    const at = this.ctx.now();
    const device = await this.authenticate(request, at, fresh);
    const { member_id: memberId } = device;

    if (request.body.length > EARLY_NONCE_CHECK_BYTES) {
      if (await new IngestNoncesRepo(this.ctx.db).seen(device.id, request.nonce!))
        throw refused(IngestMessages.nonceReused);
    }
    const reading = this.check(await this.decode(request), device, at);
    const nonce = request.nonce!;

    // An ECG the device sent before: the first one's answer, without writing its samples again.
    // (Other readings find out in the transaction, by the unique index: one query less.)
    if (reading.type === 'ecg') {
      const known = await new MeasurementsRepo(this.ctx.db).findByKey(
        device.id,
        reading.type,
        reading.measuredAt,
      );
      if (known) return this.duplicate(device, nonce, at, known);
    }

    const rules = this.rules();
    const ruleVersion = this.ctx.settings.versionOf('prewarning_set');
    let ecgKey: string | null = null;
    if (reading.type === 'ecg') {
      ecgKey = newEcgKey(at);
      await this.ctx.storage.put(ecgKey, encodeEcgSamples(reading.values.samples as number[][]));
    }
    try {
      const result = await this.commits.run(async (trx) => {
        await this.claimNonce(trx, device, nonce, at);
        const members = new MembersRepo(trx);
        // Uric acid is judged by sex; other readings need the member only for a warning SMS.
        let member = reading.type === 'ua' ? await members.findRow(memberId!) : undefined;
        const c = classifyMeasurement(
          rules,
          measurementOf(reading.type, reading.values, member?.gender, rules),
        );
        const measurements = new MeasurementsRepo(trx);
        const id = await measurements.insertNew({
          device_id: device.id,
          member_id: memberId!,
          type: reading.type,
          measured_at: reading.measuredAt,
          values_json: JSON.stringify(storedValues(reading)),
          level: c.level,
          category: c.category,
          label: c.label,
          rule_version: ruleVersion,
          created_at: at,
        });
        if (id === null) {
          // Stored before, or committed meanwhile by a concurrent request: the first answer.
          const first = await measurements.findByKey(device.id, reading.type, reading.measuredAt);
          return { id: Number(first!.id), level: first!.level, duplicate: true };
        }
        if (reading.type === 'ecg') {
          const durationMs = Math.round(
            ((reading.values.samples[0] as unknown[]).length * 1000) / reading.values.sampleRate,
          );
          await measurements.insertEcg({
            measurement_id: id,
            sample_rate: reading.values.sampleRate,
            leads_json: JSON.stringify(reading.values.leads),
            samples_per_lead: (reading.values.samples[0] as unknown[]).length,
            duration_ms: durationMs,
            storage_key: ecgKey!,
            heart_rate: reading.values.heartRate ?? null,
            arrhythmia: reading.values.arrhythmia ? 1 : 0,
          });
          // A long recording's analysis is built by a job once this commits (ECG_STORED_JOB).
          if (durationMs >= ECG_STORED_JOB_MIN_MS)
            await this.ctx.jobs.schedule(ECG_STORED_JOB, id, at, trx);
        }
        await new DevicesRepo(trx).recordUpload(device.id, Math.min(reading.measuredAt, at), {
          battery: reading.battery,
          firmware: reading.firmware,
        });
        if (c.level !== 'normal') {
          if (c.notify.includes('doctorQueue'))
            await measurements.insertAlert({
              measurement_id: id,
              member_id: memberId!,
              type: reading.type,
              level: c.level,
              label: c.label,
              status: 'open',
              created_at: at,
              handled_at: null,
              handled_by: null,
              measured_at: reading.measuredAt,
            });
          if (c.notify.includes('memberSms') || c.notify.includes('familySms')) {
            member ??= await members.findRow(memberId!);
            if (member) await this.sendWarnings(trx, reading, c, member, memberId!, at);
          }
        }
        const integral = this.points.currentRules();
        const reachedCap =
          !this.capped.has(memberId!, at, integral) &&
          (await this.earnPoints(trx, memberId!, id, at));
        return { id, level: c.level, duplicate: false, reachedCap: reachedCap ? integral : null };
      });
      if (result.duplicate && ecgKey) await this.forget(ecgKey);
      // Committed: the member's earnings of the day stay at the cap.
      if ('reachedCap' in result && result.reachedCap)
        this.capped.add(memberId!, at, result.reachedCap);
      await this.sweepNonces(at);
      return { id: result.id, level: result.level, duplicate: result.duplicate };
    } catch (err) {
      if (ecgKey) await this.forget(ecgKey);
      throw err;
    }
  }

  /**
   * 266 unless the headers are well-formed, fresh and signed by the device's secret; 255 for a
   * device that may not upload. A cached device row is used only when it accepts the upload.
   */
  private async authenticate(
    request: IngestRequest,
    at: number,
    fresh: boolean,
  ): Promise<IngestDevice> {
    const { serial, timestamp, nonce, signature } = request;
    if (
      !serial ||
      !DEVICE_SERIAL.test(serial) ||
      !timestamp ||
      !INGEST_TIMESTAMP.test(timestamp) ||
      !nonce ||
      !INGEST_NONCE.test(nonce) ||
      !signature ||
      !INGEST_SIGNATURE.test(signature)
    )
      throw refused(IngestMessages.headersMissing);
    if (Math.abs(at - Number(timestamp)) > INGEST_CLOCK_SKEW_MS)
      throw refused(IngestMessages.timestampStale);
    const text = ingestSigningText(request.path, timestamp, nonce, sha256Hex(request.body));
    const given = Buffer.from(signature, 'hex');
    const signedBy = (device: IngestDevice) =>
      this.secretsOf(device, at).some((secret) => timingSafeEqual(ingestHmac(secret, text), given));

    const cached = fresh ? undefined : this.deviceCache.get(serial);
    if (cached && mayUpload(cached) && signedBy(cached)) return cached;

    const device = await this.devices.findForIngest(serial);
    this.remember(serial, device);
    // An unknown serial and a wrong signature get the same answer: it does not tell serials apart.
    if (!device || !signedBy(device)) throw refused(IngestMessages.signatureInvalid);
    // A scrapped device's key is dead (266); a faulty one is known but its readings are not
    // trusted until it is repaired (255); one in stock or returned belongs to nobody (255).
    if (device.status === 'scrapped') throw refused(IngestMessages.deviceScrapped);
    if (device.status === 'faulty') throw failed(IngestMessages.deviceFaulty);
    if (!mayUpload(device)) throw failed(IngestMessages.deviceUnbound);
    return device;
  }

  private remember(serial: string, device: IngestDevice | undefined): void {
    if (!device) {
      this.deviceCache.delete(serial);
      return;
    }
    if (this.deviceCache.size >= DEVICE_CACHE_MAX) this.deviceCache.clear();
    this.deviceCache.set(serial, device);
  }

  /**
   * The secrets a signature may use now: the current one, and the previous one within its 24-hour
   * grace after a reset (devices/service.ts openSecrets). Opened secrets are kept in memory by
   * their sealed text, which changes with every reset.
   */
  private secretsOf(device: IngestDevice, at: number): string[] {
    const out = [this.open(device.secret_sealed, device.serial)];
    if (device.prev_secret_sealed && Number(device.prev_secret_until ?? 0) > at)
      out.push(this.open(device.prev_secret_sealed, device.serial));
    return out;
  }

  private open(sealed: string, serial: string): string {
    const cached = this.secretCache.get(sealed);
    if (cached !== undefined) return cached;
    const secret = this.ctx.secrets.open(sealed, secretContext(serial));
    if (this.secretCache.size >= SECRET_CACHE_MAX) this.secretCache.clear();
    this.secretCache.set(sealed, secret);
    return secret;
  }

  /** The JSON of the body, unpacked when gzip-encoded (255 when it is not JSON). */
  private async decode(request: IngestRequest): Promise<unknown> {
    const encoding = (request.contentEncoding ?? '').trim().toLowerCase();
    let bytes = request.body;
    if (encoding === 'gzip' || encoding === 'x-gzip') {
      try {
        bytes = await gunzipAsync(bytes, { maxOutputLength: INGEST_BODY_LIMIT });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
          throw failed(IngestMessages.bodyTooLarge, 413);
        throw failed(IngestMessages.gzipInvalid);
      }
    } else if (encoding !== '' && encoding !== 'identity') {
      throw failed(IngestMessages.encodingNotSupported, 415);
    }
    try {
      return JSON.parse(bytes.toString('utf8')) as unknown;
    } catch {
      throw failed(IngestMessages.bodyInvalid);
    }
  }

  /** The reading, checked against its schema, the clock and the device's model (255). */
  private check(json: unknown, device: IngestDevice, at: number): IngestMeasurement {
    const parsed = ingestMeasurementSchema.safeParse(json);
    if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues));
    const reading = parsed.data;
    if (reading.measuredAt > at + INGEST_CLOCK_SKEW_MS)
      throw ValidationError.field('measuredAt', IngestMessages.measuredAtFuture);
    if (device.model_type !== 'multi' && device.model_type !== reading.type)
      throw ValidationError.field('type', IngestMessages.typeNotSupported);
    return reading;
  }

  /** A repeat of a stored reading: its nonce is used up all the same, the first answer returned. */
  private async duplicate(
    device: IngestDevice,
    nonce: string,
    at: number,
    known: { id: number; level: IngestResult['level'] },
  ): Promise<IngestResult> {
    await this.ctx.db.transaction().execute((trx) => this.claimNonce(trx, device, nonce, at));
    return { id: Number(known.id), level: known.level, duplicate: true };
  }

  /**
   * Keep the nonce, first thing in the reading's transaction, if the device row is still the one
   * the upload was authenticated with; 266 when the device used the nonce before, StaleDevice
   * when the row changed meanwhile (told apart by reading it again: a rare path).
   */
  private async claimNonce(
    trx: Kysely<Database>,
    device: IngestDevice,
    nonce: string,
    at: number,
  ): Promise<void> {
    if (await new IngestNoncesRepo(trx).claim(device, nonce, at)) return;
    const now = await new DevicesRepo(trx).findForIngest(device.serial);
    if (!now || !sameDevice(now, device)) throw new StaleDevice();
    throw refused(IngestMessages.nonceReused);
  }

  /** The 预警配置 rules in force: the saved section on top of the defaults (parsed once a save). */
  private rules(): PrewarningSet {
    const stored = this.ctx.settings.get<unknown>('prewarning_set', null);
    const cached = this.rulesCache;
    if (cached && cached.stored === stored) return cached.rules;
    const merged =
      stored && typeof stored === 'object'
        ? { ...DEFAULT_PREWARNING_SET, ...(stored as object) }
        : DEFAULT_PREWARNING_SET;
    const checked = prewarningSetSchema.safeParse(merged);
    const rules = checked.success ? checked.data : DEFAULT_PREWARNING_SET;
    this.rulesCache = { stored, rules };
    return rules;
  }

  /** The warning SMS the rule asks for, written to the outbox in the reading's transaction. */
  private async sendWarnings(
    trx: Kysely<Database>,
    reading: IngestMeasurement,
    c: Classification,
    member: { name: string; phone: string | null },
    memberId: number,
    at: number,
  ): Promise<void> {
    const recipients: { phone: string; which: keyof typeof WARNING_SMS }[] = [];
    if (c.notify.includes('memberSms') && member.phone)
      recipients.push({ phone: member.phone, which: 'member' });
    if (c.notify.includes('familySms'))
      for (const contact of await new ContactsRepo(trx).warningRecipients(memberId))
        recipients.push({ phone: contact.phone, which: 'family' });
    if (recipients.length === 0) return;
    const params = warningParams(reading, member.name, c.label);
    const sender = createSmsSender({ db: trx, now: () => at });
    const templates = new SmsRepo(trx);
    const wording = new Map<keyof typeof WARNING_SMS, { content: string; provider?: string }>();
    for (const { phone, which } of recipients) {
      if (!wording.has(which)) {
        const found = await templates.findByCode(WARNING_SMS[which].code);
        const row = found ? await templates.find(Number(found.id)) : undefined;
        // A disabled template sends nothing; a missing one the default wording.
        if (row && !row.enabled) continue;
        wording.set(which, {
          content: row?.content ?? WARNING_SMS[which].content,
          provider: row?.provider_template_id || undefined,
        });
      }
      const { content, provider } = wording.get(which)!;
      await sender.send({
        phone,
        templateCode: WARNING_SMS[which].code,
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
  private async earnPoints(
    trx: Kysely<Database>,
    memberId: number,
    measurementId: number,
    at: number,
  ): Promise<boolean> {
    try {
      const earned = await this.points.earn(trx, {
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

  /** Remove a samples file whose reading was not stored (best effort: an orphan file is harmless). */
  private async forget(key: string): Promise<void> {
    try {
      await this.ctx.storage.delete(key);
    } catch (err) {
      this.log?.error({ err }, 'ingest: could not remove an unused ECG samples file');
    }
  }

  /**
   * Forget nonces older than INGEST_NONCE_RETENTION_MS (no request they could replay would pass
   * the timestamp check any more), at most once a minute per process, after a stored reading.
   */
  private async sweepNonces(at: number): Promise<void> {
    if (at - this.lastSweepAt < NONCE_SWEEP_INTERVAL_MS) return;
    this.lastSweepAt = at;
    try {
      await new IngestNoncesRepo(this.ctx.db).deleteBefore(at - INGEST_NONCE_RETENTION_MS);
    } catch (err) {
      this.log?.error({ err }, 'ingest: sweeping old nonces failed');
    }
  }
}

/** A device whose readings are taken: bound or lent to a member. */
function mayUpload(device: IngestDevice): boolean {
  return device.member_id !== null && (device.status === 'bound' || device.status === 'lent');
}

/** The same device row as far as an upload is concerned (what claimNonce compares). */
function sameDevice(a: IngestDevice, b: IngestDevice): boolean {
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

/**
 * Members whose measurement points of the day have reached the daily cap of 积分配置, so that their
 * next readings skip the two queries `earn` would make to find that again (a device may send a
 * reading every few minutes). Nothing takes a day's capped earnings back, so this stays true for
 * the rest of the China day in every process, as long as the rules are the same object (a save
 * of 积分配置 makes a new one). Filled only after the commit that found it; one day at a time.
 */
class CappedToday {
  private day = Number.NaN;
  private rules: IntegralSet | null = null;
  private readonly members = new Set<number>();

  has(memberId: number, at: number, rules: IntegralSet): boolean {
    return this.day === chinaDayStartOf(at) && this.rules === rules && this.members.has(memberId);
  }

  add(memberId: number, at: number, rules: IntegralSet): void {
    const day = chinaDayStartOf(at);
    if (day !== this.day || rules !== this.rules) {
      this.members.clear();
      this.day = day;
      this.rules = rules;
    }
    this.members.add(memberId);
  }
}

/** The values kept on the row: as uploaded, but an ECG without its samples (they are in the file). */
function storedValues(m: IngestMeasurement): Record<string, unknown> {
  if (m.type !== 'ecg') return m.values;
  const { samples, ...rest } = m.values;
  return { ...rest, samplesPerLead: (samples[0] as unknown[]).length };
}
