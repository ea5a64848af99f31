import { IngestMessages } from '@health/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeJson } from '../src/modules/device/ingest/decode.js';
import { encodeEcgSamples } from '../src/modules/device/ingest/ecg-file.js';
import { parseEcgFast } from '../src/modules/device/ingest/ecg-samples.js';
import { ValidationError } from '../src/platform/errors.js';

/** The fast reader's document with its samples as plain arrays, to compare with JSON.parse. */
function asJson(doc: Buffer): unknown {
  const fast = parseEcgFast(doc);
  if (!fast) return undefined;
  const { samples, ...rest } = fast.parsed.values;
  return { ...fast.parsed, values: { ...rest, samples: samples.map((lead) => Array.from(lead)) } };
}

const sample = fc.integer({ min: -32767, max: 32767 });
/** One to three leads of the same length (as the schema requires; the file assumes it). */
const leads = fc
  .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 40 }))
  .chain(([count, length]) =>
    fc.array(fc.array(sample, { minLength: length, maxLength: length }), {
      minLength: count,
      maxLength: count,
    }),
  );
const extra = fc.dictionary(
  fc.string({ maxLength: 8 }).filter((k) => k !== 'samples' && k !== 'values'),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);

/**
 * The reader of a large ECG upload's samples (ecg-samples.ts) gives what JSON.parse gives, or
 * nothing (the caller then parses as before): never another reading.
 */
describe('the fast reader of ECG samples', () => {
  it('reads any plain document exactly as JSON.parse, its file the encoder’s', () => {
    fc.assert(
      fc.property(
        leads,
        extra,
        extra,
        extra,
        fc.constantFrom(undefined, 0, 2, '\t'),
        (samples, before, after, top, indent) => {
          const doc = {
            type: 'ecg',
            ...top,
            values: { ...before, samples, ...after },
          };
          const text = Buffer.from(JSON.stringify(doc, null, indent));
          expect(asJson(text)).toEqual(JSON.parse(text.toString()));
          const fast = parseEcgFast(text)!;
          expect(fast.file.equals(encodeEcgSamples(samples))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes a key written with escapes as JSON.parse does', () => {
    const text = Buffer.from(
      '{"type":"ecg","va\\u006cues":{"note":"\\"samples\\"","sam\\u0070les":[[1,-2],[3,4]]}}',
    );
    expect(asJson(text)).toEqual(JSON.parse(text.toString()));
  });

  it.each([
    ['a fraction', '{"values":{"samples":[[1.5,2]]}}'],
    ['an exponent', '{"values":{"samples":[[1e2,2]]}}'],
    ['a value beyond 16 bits', '{"values":{"samples":[[32768]]}}'],
    ['a leading zero', '{"values":{"samples":[[01]]}}'],
    ['an empty lead', '{"values":{"samples":[[1],[]]}}'],
    ['no leads', '{"values":{"samples":[]}}'],
    ['a later samples key', '{"values":{"samples":[[1]],"samples":[[2]]}}'],
    ['a later values key', '{"values":{"samples":[[1]]},"values":{"samples":[[2]]}}'],
    ['text after the document', '{"values":{"samples":[[1]]}} x'],
    ['a syntax error elsewhere', '{"values":{"samples":[[1]],"a":}}'],
    ['samples that are not arrays', '{"values":{"samples":"[[1]]"}}'],
    ['no samples', '{"values":{"sampleRate":250}}'],
  ])('leaves %s to JSON.parse', (_case, text) => {
    expect(parseEcgFast(Buffer.from(text))).toBeUndefined();
  });

  it('refuses a large body’s bad sample with the field and message of a small one', () => {
    const at = Date.now();
    const body = (samples: number[]) =>
      Buffer.from(
        JSON.stringify({
          type: 'ecg',
          measuredAt: at - 60_000,
          values: { sampleRate: 250, leads: ['II'], samples: [samples] },
        }),
      );
    const refusal = (json: Buffer) => {
      try {
        decodeJson(json, at);
      } catch (err) {
        return err instanceof ValidationError ? err.data : err;
      }
      return 'accepted';
    };
    // 30,000 samples (~150 KB: the fast reader's size) and 300 (JSON.parse's), one out of range.
    const large = Array.from({ length: 30_000 }, (_, i) => (i === 20_000 ? 12_000 : i % 900));
    const small = Array.from({ length: 300 }, (_, i) => (i === 200 ? 12_000 : i % 900));
    expect(refusal(body(large))).toEqual({
      errors: [{ field: 'values.samples.0.20000', msg: IngestMessages.sampleInvalid }],
    });
    expect(refusal(body(small))).toEqual({
      errors: [{ field: 'values.samples.0.200', msg: IngestMessages.sampleInvalid }],
    });
    // And a good one is the same reading either way.
    large[20_000] = 5;
    const decoded = decodeJson(body(large), at);
    expect(decoded.ecg!.samplesPerLead).toBe(30_000);
    expect(decoded.ecg!.file.equals(encodeEcgSamples([large]))).toBe(true);
  });
});
