import fc from 'fast-check';

/**
 * Values that are not canonical ids (see ids.ts): what `z.coerce.number()` used to turn into an id.
 * Shared by the contract's property test and the server's API property test.
 */
const digits = fc.stringMatching(/^[0-9]{1,6}$/);

/** Non-canonical ids that a form or a query string can carry (strings only). */
export const nonCanonicalIdText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('0', '00', '-1', '+1', '1.0', '1e3', '0x10', '0b1', '0o7', 'Infinity', 'NaN'),
  fc.constantFrom('true', 'false', 'null', 'undefined', '[1]', '{}', '１', '٣', '1_000'),
  fc.constantFrom('9007199254740992', '99999999999999999999'),
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
  fc.boolean(),
  fc.integer({ max: 0 }),
  fc.double({ noInteger: true }),
  fc.constantFrom(2 ** 53, Number.MAX_VALUE, 1.5),
  fc.constant(null),
  fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 2 }),
  fc.constant([[1]]),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);
