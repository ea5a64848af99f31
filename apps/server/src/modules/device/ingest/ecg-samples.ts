import { randomBytes } from 'node:crypto';
import { LITTLE_ENDIAN } from './ecg-file.js';

/**
 * The JSON of a large ECG upload parsed with its samples read straight from the bytes into the
 * samples file's layout (lead-major little-endian Int16, ecg-file.ts), instead of JSON.parse
 * building tens of millions of numbers first: a 24-hour recording's 95 MB of JSON in ~0.25 s
 * instead of ~1 s, with the file's bytes as the result.
 *
 * Only the plain case is taken — `values.samples` an array of arrays of integers within ±32767 —
 * and the document is otherwise parsed by JSON.parse, with the samples' place taken by a random
 * placeholder: the reading is then exactly what JSON.parse of the whole body gives (the
 * placeholder must come back at `values.samples`, so a second `values` or `samples` key, which
 * JSON.parse would take instead, falls back). Anything else (a fraction, an exponent, a value out
 * of range, a syntax error) returns undefined and the caller parses the body as before, so every
 * refusal keeps its message and field.
 */
export interface FastEcgParse {
  /** The document, `values.samples` holding one Int16Array view per lead (over `file`). */
  parsed: { values: { samples: Int16Array[] } } & Record<string, unknown>;
  /** The samples file's bytes. */
  file: Buffer;
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const INT16_MAX = 32767;

const isSpace = (c: number | undefined) => c === SPACE || c === LF || c === CR || c === TAB;

/** Inside the scan: not the plain case (the caller falls back to JSON.parse). */
const notPlain = (): never => {
  throw new Error('not the plain case');
};

export function parseEcgFast(json: Buffer): FastEcgParse | undefined {
  if (!LITTLE_ENDIAN) return undefined;
  try {
    return scan(json);
  } catch {
    // Not the plain case, or not JSON at all: the caller's JSON.parse says which.
    return undefined;
  }
}

/** Where the samples array stood in the body, and what readLeads read from it. */
interface FoundSamples extends LeadsRead {
  start: number;
}

interface LeadsRead {
  /** The samples, lead after lead (room to spare at the end). */
  out: Int16Array;
  /** Each lead's number of samples. */
  leads: number[];
  /** The index after the array's closing bracket. */
  end: number;
}

function scan(b: Buffer): FastEcgParse | undefined {
  let i = 0;
  const skipSpace = () => {
    while (isSpace(b[i])) i++;
  };
  const expect = (c: number) => {
    skipSpace();
    if (b[i] !== c) notPlain();
    i++;
  };
  /** A string token from its opening quote: its end (after the closing quote). */
  const stringEnd = (from: number): number => {
    let j = from + 1;
    for (;;) {
      const c = b[j];
      if (c === undefined) return notPlain();
      if (c === BACKSLASH) j += 2;
      else if (c === QUOTE) return j + 1;
      else j++;
    }
  };
  /** An object key from its opening quote, decoded as JSON does. */
  const key = (): string => {
    skipSpace();
    if (b[i] !== QUOTE) notPlain();
    const end = stringEnd(i);
    const text = JSON.parse(b.toString('utf8', i, end)) as string;
    i = end;
    return text;
  };
  /** Past one value (its syntax is JSON.parse's to judge, with the rest of the document). */
  const skipValue = () => {
    skipSpace();
    const c = b[i];
    if (c === QUOTE) return void (i = stringEnd(i));
    if (c !== OPEN_ARRAY && c !== OPEN_OBJECT) {
      // A number or a literal: up to what follows it.
      while (b[i] !== undefined && b[i] !== COMMA && b[i] !== CLOSE_OBJECT && !isSpace(b[i])) i++;
      return;
    }
    let depth = 0;
    for (;;) {
      const d = b[i];
      if (d === undefined) return notPlain();
      if (d === QUOTE) {
        i = stringEnd(i);
        continue;
      }
      i++;
      if (d === OPEN_ARRAY || d === OPEN_OBJECT) depth++;
      else if ((d === CLOSE_ARRAY || d === CLOSE_OBJECT) && --depth === 0) return;
    }
  };
  /** The keys of the object at `i`, calling `onKey` for each (true: it read the value itself). */
  const eachKey = (onKey: (name: string) => boolean) => {
    expect(OPEN_OBJECT);
    skipSpace();
    if (b[i] === CLOSE_OBJECT) return void i++;
    for (;;) {
      const name = key();
      expect(COLON);
      if (!onKey(name)) skipValue();
      skipSpace();
      if (b[i] === COMMA) i++;
      else if (b[i] === CLOSE_OBJECT) return void i++;
      else notPlain();
    }
  };

  let samples: FoundSamples | undefined;
  eachKey((name) => {
    if (name !== 'values' || samples) return false;
    skipSpace();
    if (b[i] !== OPEN_OBJECT) return false;
    eachKey((inner) => {
      if (inner !== 'samples' || samples) return false;
      skipSpace();
      const start = i;
      const read = readLeads(b, start);
      i = read.end;
      samples = { start, ...read };
      return true;
    });
    return true;
  });
  skipSpace();
  if (i !== b.length || !samples) return undefined;

  // (Assigned inside the callbacks above, where TypeScript does not follow it.)
  const found = samples as FoundSamples;
  const placeholder = `"samples-${randomBytes(16).toString('hex')}"`;
  const rest = Buffer.concat([
    b.subarray(0, found.start),
    Buffer.from(placeholder),
    b.subarray(found.end),
  ]);
  const parsed = JSON.parse(rest.toString('utf8')) as FastEcgParse['parsed'];
  const values = parsed?.values as { samples?: unknown } | undefined;
  if (typeof values !== 'object' || values === null || values.samples !== JSON.parse(placeholder))
    return undefined;
  const total = found.leads.reduce((sum, n) => sum + n, 0);
  const file = Buffer.from(found.out.buffer, 0, total * 2);
  let offset = 0;
  values.samples = found.leads.map((n) => {
    const lead = new Int16Array(found.out.buffer, offset * 2, n);
    offset += n;
    return lead;
  });
  return { parsed, file };
}

/**
 * `[[int, …], …]` from `start` into one Int16Array, lead after lead: each lead's length, and the
 * index after the array. Its own function with local indexes: this loop is the whole cost.
 */
function readLeads(b: Buffer, start: number): LeadsRead {
  // Every sample takes at least two bytes ("0,"): room for all of them.
  const room = (b.length - start + 2) >> 1;
  const out = new Int16Array(Buffer.allocUnsafeSlow(room * 2).buffer, 0, room);
  const leads: number[] = [];
  let k = 0;
  let i = start;
  if (b[i] !== OPEN_ARRAY) return notPlain();
  i++;
  for (;;) {
    while (isSpace(b[i])) i++;
    if (b[i] !== OPEN_ARRAY) return notPlain();
    i++;
    const first = k;
    for (;;) {
      let c = b[i];
      while (isSpace(c)) c = b[++i];
      const negative = c === MINUS;
      if (negative) c = b[++i];
      if (c === undefined || c < ZERO || c > NINE) return notPlain();
      let v = c - ZERO;
      c = b[++i];
      if (v === 0) {
        if (c !== undefined && c >= ZERO && c <= NINE) return notPlain();
      } else {
        while (c !== undefined && c >= ZERO && c <= NINE) {
          v = v * 10 + (c - ZERO);
          if (v > INT16_MAX) return notPlain();
          c = b[++i];
        }
      }
      // After the digits: a fraction or an exponent is JSON.parse's (and rounding's) to judge.
      out[k++] = negative ? -v : v;
      while (isSpace(c)) c = b[++i];
      i++;
      if (c === CLOSE_ARRAY) break;
      if (c !== COMMA) return notPlain();
    }
    leads.push(k - first);
    while (isSpace(b[i])) i++;
    const c = b[i++];
    if (c === CLOSE_ARRAY) return { out, leads, end: i };
    if (c !== COMMA) return notPlain();
  }
}
