import fc from 'fast-check';

/**
 * Values that are not canonical ids (see ids.ts): what `z.coerce.number()` used to turn into an id.
 * Shared by the contract's property test, the server's API property test and the API fuzz.
 */

/** Fixed non-canonical ids, as JSON and as form or query text (the API fuzz sends each one). */
export interface NonCanonicalIdCase {
  label: string;
  /** As a JSON value. */
  json: unknown;
  /** As the text of a form field or query parameter (an array: a repeated key). */
  text: string | string[];
}

export const NON_CANONICAL_ID_CASES: NonCanonicalIdCase[] = [
  { label: 'true', json: true, text: 'true' },
  { label: '"0x10"', json: '0x10', text: '0x10' },
  { label: '"0x1"', json: '0x1', text: '0x1' },
  { label: '"1e3"', json: '1e3', text: '1e3' },
  { label: '"1e0"', json: '1e0', text: '1e0' },
  { label: '" 1"', json: ' 1', text: ' 1' },
  { label: '"1 "', json: '1 ', text: '1 ' },
  { label: '"01"', json: '01', text: '01' },
  { label: '"1.0"', json: '1.0', text: '1.0' },
  { label: '"+1"', json: '+1', text: '+1' },
  { label: '-1', json: -1, text: '-1' },
  { label: '0', json: 0, text: '0' },
  { label: '1.5', json: 1.5, text: '1.5' },
  { label: '2**53', json: 2 ** 53, text: '9007199254740992' },
  { label: '[[1]]', json: [[1]], text: '[[1]]' },
  { label: '{"a":1}', json: { a: 1 }, text: '{"a":1}' },
  { label: 'repeated key (id=1&id=2)', json: [1, 2], text: ['1', '2'] },
];

const digits = fc.stringMatching(/^[0-9]{1,6}$/);
const fixedTexts = NON_CANONICAL_ID_CASES.flatMap((c) =>
  typeof c.text === 'string' ? [c.text] : [],
);

/** Non-canonical ids that a form or a query string can carry (strings only). */
export const nonCanonicalIdText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...fixedTexts),
  fc.constantFrom('00', '0b1', '0o7', 'Infinity', 'NaN'),
  fc.constantFrom('false', 'null', 'undefined', '[1]', '{}', '１', '٣', '1_000'),
  fc.constant('99999999999999999999'),
  digits.map((d) => `0${d}`),
  digits.map((d) => ` ${d}`),
  digits.map((d) => `${d} `),
  digits.map((d) => `${d}.0`),
  digits.map((d) => `${d}e0`),
  digits.map((d) => `-${d}`),
  digits.map((d) => `${d},`),
  fc.string({ maxLength: 8 }).filter((s) => !/^[1-9][0-9]*$/.test(s)),
);

/** Non-canonical ids as JSON values (any type but a positive safe integer or its plain string). */
export const nonCanonicalIdJson: fc.Arbitrary<unknown> = fc.oneof(
  nonCanonicalIdText,
  fc.constantFrom(...NON_CANONICAL_ID_CASES.map((c) => c.json)),
  fc.boolean(),
  fc.integer({ max: 0 }),
  fc.double({ noInteger: true }),
  fc.constantFrom(Number.MAX_VALUE, null),
  fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);
