import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * What the server log may hold: never personal or secret data. Request lines carry the path and
 * the query's keys, never its values (a full phone number used as a filter is personal data);
 * objects logged with a password, phone, identity number, token or secret field have it censored;
 * error messages (a database's "Key (phone)=(138…) already exists") have phone and identity
 * numbers and bearer tokens masked.
 */

const CENSOR = '***';

/** "/api/v3/x?phone=13800001234&current=1" → "/api/v3/x?phone=***&current=***". */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const keys = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0] ?? ''}=${CENSOR}`);
  return `${url.slice(0, q)}?${keys.join('&')}`;
}

// Mainland mobile numbers, identity numbers (18 characters, last may be X) and bearer tokens.
const PHONE = /(?<!\d)1\d{10}(?!\d)/g;
const ID_NUMBER = /(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/g;
const BEARER = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;

/** Mask the personal numbers and tokens in a free text (an error message). */
export function redactText(text: string): string {
  return text.replace(ID_NUMBER, CENSOR).replace(PHONE, CENSOR).replace(BEARER, `$1${CENSOR}`);
}

function redactStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactStrings(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      redactStrings(v, depth + 1),
    ]),
  );
}

/** Field names whose values never reach the log, at the top level or one object deep. */
const SENSITIVE_FIELDS = [
  'password',
  'oldPassword',
  'newPassword',
  'newPasswordCfm',
  'password_hash',
  'phone',
  'idNumber',
  'id_number',
  'token',
  'access_token',
  'refresh_token',
  'verifyCode',
  'secret',
  'authorization',
  'cookie',
];
const REDACT_PATHS = [
  ...SENSITIVE_FIELDS,
  ...SENSITIVE_FIELDS.map((f) => `*.${f}`),
  ...SENSITIVE_FIELDS.map((f) => `*.*.${f}`),
];

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** pino options of the app's logger: the level (and destination) come from the caller. */
export function redactingLoggerOptions(): Pick<
  Exclude<FastifyServerOptions['logger'], boolean | undefined>,
  'redact' | 'serializers'
> {
  return {
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        hostname: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: Error) =>
        redactStrings(stdSerializers.err(err)) as ReturnType<typeof stdSerializers.err>,
    },
  };
}
