import { timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_PREWARNING_SET,
  chinaDayStartOf,
  INGEST_CLOCK_SKEW_MS,
  INGEST_LARGE_BODY_BYTES,
  INGEST_LARGE_UPLOADS_MAX,
  INGEST_NONCE,
  INGEST_NONCE_RETENTION_MS,
  INGEST_SIGNATURE,
  INGEST_TIMESTAMP,
  DEVICE_SERIAL,
  IngestMessages,
  IngestPaths,
  ingestSigningText,
  prewarningSetSchema,
  type IngestResult,
  type IntegralSet,
  type PrewarningSet,
} from '@health/contract';
import { sqliteFileOf } from '../../../db/database.js';
import type { DeviceModelType } from '../../../db/schema.js';
import type { ActorLog } from '../../../platform/actor.js';
import type { AppContext } from '../../../platform/context.js';
import { ValidationError, type AppError } from '../../../platform/errors.js';
import { PointsService } from '../../member/points/service.js';
import { DevicesRepo } from '../devices/repo.js';
import { secretContext } from '../devices/service.js';
import { MeasurementsRepo } from '../measurements/repo.js';
import { UploadSlots } from './body.js';
import {
  bodyLimitOf,
  bodyTooLargeFor,
  decodeJson,
  failed,
  inflate,
  inflateError,
  isGzip,
  type DecodedReading,
} from './decode.js';
import { newEcgKey } from './ecg-file.js';
import { ParsePool } from './parse-pool.js';
import { IngestNoncesRepo } from './repo.js';
import { ingestHmac, sha256Hex } from './signing.js';
import { StaleDevice, claimNonce, refused, type StoreUnit } from './store.js';
import { LocalIngestWriter, ThreadIngestWriter, type IngestWriter } from './writer.js';

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

/** What an upload says before its body: the request path and the four headers. */
export interface IngestHead {
  /** The request path without query (`/api/v3/device/ingest/measurement`). */
  path: string;
  serial: string | undefined;
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
}

/** One upload as it arrived: the four headers, the content encoding and the body's bytes. */
export interface IngestRequest extends IngestHead {
  /** `gzip`, or nothing / `identity`. */
  contentEncoding?: string | undefined;
  /** The bytes as sent (what the signature's body hash covers). */
  body: Buffer;
  /** The body's SHA-256 (hex) when the caller computed it as the body arrived. */
  bodySha256?: string;
  /** The service may take the body's memory (moved to a parse thread, the caller's copy emptied). */
  ownBody?: boolean;
}

/** What the headers allow, before the body is read (IngestService.admit). */
export interface Admission {
  /** The most the device may send (bytes as sent). */
  limit: number;
  /** The answer when it sends more. */
  tooLarge: () => AppError;
  /** Milliseconds left until the signature's timestamp is out of its window. */
  msLeft: number;
}

type IngestDevice = NonNullable<Awaited<ReturnType<DevicesRepo['findForIngest']>>>;

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
  /** Where readings are stored: the writer's thread on an SQLite file, else this thread. */
  private readonly writer: IngestWriter;
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
  /** The large uploads being read or stored in this process (INGEST_LARGE_UPLOADS_MAX). */
  readonly uploads = new UploadSlots(INGEST_LARGE_UPLOADS_MAX);
  /** Where large bodies are unpacked, parsed and checked: off the server's thread. */
  private readonly parser = new ParsePool();

  constructor(
    private readonly ctx: AppContext,
    private readonly log?: ActorLog,
  ) {
    this.devices = new DevicesRepo(ctx.db);
    this.points = PointsService.of(ctx);
    const file = sqliteFileOf(ctx.db);
    this.writer =
      file && ctx.config.database.kind === 'sqlite' && ctx.config.database.ingestWriterThread
        ? new ThreadIngestWriter(
            { file: file.file, mainIntent: file.writeIntent },
            {
              onThreadLost: (err, restartInMs) =>
                log?.error({ err, restartInMs }, 'ingest writer thread ended'),
            },
          )
        : new LocalIngestWriter(ctx.db, {
            points: () => this.points,
            scheduleJob: (trx, kind, refId, runAt) => ctx.jobs.schedule(kind, refId, runAt, trx),
          });
  }

  /** Let the readings being stored finish (the app's close). */
  async close(): Promise<void> {
    await Promise.all([this.writer.close(), this.parser.close()]);
  }

  /** The path a device signs on this server: `/{service}/v3/device/ingest/measurement`. */
  get path(): string {
    return `/${this.ctx.config.apiService}${IngestPaths.measurement}`;
  }

  /**
   * What the headers of an upload allow, decided before a byte of its body is read: 266 when they
   * are missing or malformed, the timestamp is out of its window or the serial is unknown (the
   * answer of a wrong signature: it does not tell serials apart); 255 (HTTP 413) when its
   * Content-Length (`declared`) is beyond what the device's model may send. The signature and
   * the device's state are judged once the body is read (`ingest`).
   */
  async admit(head: IngestHead, declared: number | undefined): Promise<Admission> {
    const at = this.ctx.now();
    const { serial } = checkHead(head, at);
    // A cached row may only admit a body it allows; a refusal, or a body of unknown length
    // whose limit is enforced as it arrives, is judged on the row as it is now.
    const cached = this.deviceCache.get(serial);
    let device =
      cached && declared !== undefined && declared <= bodyLimitOf(cached.model_type)
        ? cached
        : undefined;
    if (!device) {
      device = await this.devices.findForIngest(serial);
      this.remember(serial, device);
    }
    if (!device) throw refused(IngestMessages.signatureInvalid);
    const model = device.model_type;
    if (declared !== undefined && declared > bodyLimitOf(model)) throw bodyTooLargeFor(model);
    return {
      limit: bodyLimitOf(model),
      tooLarge: () => bodyTooLargeFor(model),
      msLeft: Number(head.timestamp) + INGEST_CLOCK_SKEW_MS - at,
    };
  }

  /** Take one upload; its answer's data, or an AppError (266 / 255) with nothing stored. */
  async ingest(request: IngestRequest): Promise<IngestResult> {
    // The body is decoded once, whatever the takes (it may have moved to a parse thread).
    let decoded: Promise<DecodedReading> | undefined;
    const decode = (device: IngestDevice, at: number) =>
      (decoded ??= this.decode(request, device.model_type, at));
    for (let take = 1; ; take++) {
      try {
        return await this.take(request, take > 1, decode);
      } catch (err) {
        if (!(err instanceof StaleDevice) || take >= MAX_TAKES) throw err;
        if (request.serial) this.deviceCache.delete(request.serial);
      }
    }
  }

  /** One take of an upload; `fresh`: authenticate on the device row read now, not a cached one. */
  private async take(
    request: IngestRequest,
    fresh: boolean,
    decode: (device: IngestDevice, at: number) => Promise<DecodedReading>,
  ): Promise<IngestResult> {
    const at = this.ctx.now();
    const device = await this.authenticate(request, at, fresh);
    const { member_id: memberId } = device;
    if (request.body.length > bodyLimitOf(device.model_type))
      throw bodyTooLargeFor(device.model_type);

    if (request.body.length > EARLY_NONCE_CHECK_BYTES) {
      if (await new IngestNoncesRepo(this.ctx.db).seen(device.id, request.nonce!))
        throw refused(IngestMessages.nonceReused);
    }
    const { reading, valuesJson, ecg: samples } = await decode(device, at);
    if (device.model_type !== 'multi' && device.model_type !== reading.type)
      throw ValidationError.field('type', IngestMessages.typeNotSupported);
    const nonce = request.nonce!;

    // An ECG the device sent before: the first one's answer, without writing its samples again.
    // (Other readings find out in the transaction, by the unique index: one query less.)
    if (reading.type === 'ecg') {
      const known = await new MeasurementsRepo(this.ctx.db).findByKey(
        device.id,
        reading.type,
        reading.measuredAt,
      );
      if (known) return this.duplicate(device, request.serial!, nonce, at, known);
    }

    const rules = this.rules();
    const ruleVersion = this.ctx.settings.versionOf('prewarning_set');
    const integral = this.points.currentRules();
    let ecg: StoreUnit['ecg'] = null;
    if (reading.type === 'ecg' && samples) {
      const values = reading.values;
      ecg = {
        storageKey: newEcgKey(at),
        sampleRate: values.sampleRate,
        leads: values.leads,
        samplesPerLead: samples.samplesPerLead,
        durationMs: Math.round((samples.samplesPerLead * 1000) / values.sampleRate),
        heartRate: values.heartRate ?? null,
        arrhythmia: values.arrhythmia === true,
      };
      await this.ctx.storage.put(ecg.storageKey, samples.file);
    }
    // No samples in the unit (the decoded reading's are emptied): it may cross to the writer's
    // thread.
    const unit: StoreUnit = {
      device: { ...device, serial: request.serial! },
      nonce,
      at,
      reading,
      valuesJson,
      ecg,
      ruleVersion,
      mayEarn: !this.capped.has(memberId!, at, integral),
    };
    try {
      const result = await this.writer.store(unit, { prewarning: rules, integral });
      if (result.duplicate && ecg) await this.forget(ecg.storageKey);
      // Committed: the member's earnings of the day stay at the cap.
      if (result.reachedCap) this.capped.add(memberId!, at, integral);
      await this.sweepNonces(at);
      return { id: result.id, level: result.level, duplicate: result.duplicate };
    } catch (err) {
      if (ecg) await this.forget(ecg.storageKey);
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
    const { serial, timestamp, nonce, signature } = checkHead(request, at);
    const bodySha256 = request.bodySha256 ?? sha256Hex(request.body);
    const text = ingestSigningText(request.path, timestamp, nonce, bodySha256);
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

  /**
   * The reading of the body (255 when it is not one): a small body here, a large one — or a small
   * gzip body that unpacks to a large one — on a parse thread.
   */
  private async decode(
    request: IngestRequest,
    modelType: DeviceModelType,
    at: number,
  ): Promise<DecodedReading> {
    const gzip = isGzip(request.contentEncoding);
    const limit = bodyLimitOf(modelType);
    const { body } = request;
    if (body.length <= INGEST_LARGE_BODY_BYTES) {
      // Unpacked on libuv's pool, and only as far as a JSON this thread may parse.
      const small = Math.min(limit, INGEST_LARGE_BODY_BYTES);
      const json = !gzip
        ? body
        : await inflate(body, small).catch((err: unknown) => {
            if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' && limit > small)
              return null;
            throw inflateError(err);
          });
      if (json) return decodeJson(json, at);
    }
    return this.parser.decode(
      { bytes: body, gzip, inflateLimit: limit, at },
      request.ownBody === true,
    );
  }

  /** A repeat of a stored reading: its nonce is used up all the same, the first answer returned. */
  private async duplicate(
    device: IngestDevice,
    serial: string,
    nonce: string,
    at: number,
    known: { id: number; level: IngestResult['level'] },
  ): Promise<IngestResult> {
    await this.ctx.db
      .transaction()
      .execute((trx) => claimNonce(trx, { ...device, serial }, nonce, at));
    return { id: Number(known.id), level: known.level, duplicate: true };
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

/**
 * The four headers, when all are well-formed and the timestamp is within its window of `at` (266
 * otherwise).
 */
function checkHead(
  head: IngestHead,
  at: number,
): { serial: string; timestamp: string; nonce: string; signature: string } {
  const { serial, timestamp, nonce, signature } = head;
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
  return { serial, timestamp, nonce, signature };
}
