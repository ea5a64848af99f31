import { IngestPaths } from '@health/contract';
import { demoDeviceSecret } from './secrets.js';
import { readingJson, type Reading, type ReadingType } from './readings.js';
import { signUpload, type SignedUpload } from './signing.js';
import type { EcgResult } from './ecg-model.js';

/**
 * Uploads readings as a demo device would: signed with the device's secret, through whatever
 * reaches the ingest route (`fetch` to a running server in the simulator, `app.inject` for the demo
 * data), counting what the server answered.
 */

/** The ingest route's path after the service prefix. */
export const INGEST_MEASUREMENT_PATH = IngestPaths.measurement;

/** Bodies larger than this go gzip-compressed, as a device on a slow link would send them. */
const GZIP_FROM_BYTES = 256 * 1024;

export interface IngestAnswer {
  /** HTTP status. */
  status: number;
  /** The envelope's state (200, 255, 266, ...), or 0 when the answer was not an envelope. */
  state: number;
  msg: string;
  data: unknown;
}

/** Sends one signed upload to `path` and returns the answer. */
export type IngestSend = (path: string, upload: SignedUpload) => Promise<IngestAnswer>;

export interface UploadOutcome {
  answer: IngestAnswer;
  /** The generated ECG (ECG readings only). */
  ecg?: EcgResult;
  bytes: number;
}

type Tally = Record<string, number>;

/** What the server answered, by type: accepted, duplicates, refusals and their messages, levels. */
export class IngestStats {
  accepted = 0;
  duplicate = 0;
  refused = 0;
  bytes = 0;
  readonly levels: Record<string, Tally> = {};
  readonly refusals: Tally = {};

  add(type: ReadingType, outcome: UploadOutcome): void {
    const { answer } = outcome;
    this.bytes += outcome.bytes;
    const data = answer.data as { level?: string; duplicate?: boolean } | null;
    if (answer.state === 200 && data?.level) {
      if (data.duplicate) this.duplicate++;
      else this.accepted++;
      const byType = (this.levels[type] ??= {});
      byType[data.level] = (byType[data.level] ?? 0) + 1;
    } else {
      this.refused++;
      const key = `${answer.state || answer.status} ${answer.msg}`;
      this.refusals[key] = (this.refusals[key] ?? 0) + 1;
    }
  }

  /** A few lines for a terminal or a log. */
  lines(): string[] {
    const out = [
      `accepted ${this.accepted}, duplicate ${this.duplicate}, refused ${this.refused}` +
        ` (${(this.bytes / 1048576).toFixed(1)} MB sent)`,
    ];
    for (const [type, levels] of Object.entries(this.levels).sort()) {
      const parts = ['normal', 'warning', 'urgent'].map((l) => `${l} ${levels[l] ?? 0}`);
      out.push(`  ${type.padEnd(5)} ${parts.join(', ')}`);
    }
    for (const [msg, count] of Object.entries(this.refusals))
      out.push(`  refused ×${count}: ${msg}`);
    return out;
  }
}

export class DemoUploader {
  constructor(
    private readonly send: IngestSend,
    /** The route's full path (`/api/v3/device/ingest/measurement`). */
    private readonly path: string,
    /** The signing time (the server checks it against its own clock). */
    private readonly clock: () => number,
  ) {}

  /** Sign and send one reading of the device `serial` (secret: the demo device's by default). */
  async upload(
    serial: string,
    reading: Reading,
    opts: { secret?: string; battery?: number; nonce?: string; gzip?: boolean } = {},
  ): Promise<UploadOutcome> {
    const { json, ecg } = readingJson(
      reading,
      opts.battery === undefined ? {} : { battery: opts.battery },
    );
    const body = Buffer.from(json, 'utf8');
    const upload = signUpload({
      serial,
      secret: opts.secret ?? demoDeviceSecret(serial),
      path: this.path,
      body,
      timestamp: this.clock(),
      gzip: opts.gzip ?? body.length >= GZIP_FROM_BYTES,
      nonce: opts.nonce,
    });
    const answer = await this.send(this.path, upload);
    return { answer, ecg, bytes: upload.payload.length };
  }
}

/** An answer's envelope from its HTTP status and body text. */
export function answerOf(status: number, text: string): IngestAnswer {
  try {
    const body = JSON.parse(text) as { state?: number; msg?: string; data?: unknown };
    return {
      status,
      state: typeof body.state === 'number' ? body.state : 0,
      msg: body.msg ?? '',
      data: body.data ?? null,
    };
  } catch {
    return { status, state: 0, msg: text.slice(0, 200), data: null };
  }
}
