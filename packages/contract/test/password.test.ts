import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkForcedPasswordForm,
  checkNewPassword,
  PASSWORD_SPECIAL_CHARS,
  PasswordMessages,
  passwordKinds,
} from '@health/contract';

const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const digit = fc.constantFrom(...'0123456789');
const special = fc.constantFrom(...PASSWORD_SPECIAL_CHARS);
const kinds = [upper, lower, digit, special];

/** A password of the given length drawn from the given kinds, each used at least once. */
const passwordOf = (pool: fc.Arbitrary<string>[], length: number) =>
  fc
    .tuple(
      fc.tuple(...pool),
      fc.array(fc.oneof(...pool), {
        minLength: length - pool.length,
        maxLength: length - pool.length,
      }),
    )
    .chain(([must, rest]) =>
      fc.shuffledSubarray([...must, ...rest], { minLength: length, maxLength: length }),
    )
    .map((chars) => chars.join(''));

/** A valid-length password using exactly `min`..`max` of the four kinds, with its kind count. */
const passwordWithKinds = (min: number, max: number) =>
  fc
    .tuple(
      fc.integer({ min: 6, max: 20 }),
      fc.subarray([0, 1, 2, 3], { minLength: min, maxLength: max }),
    )
    .chain(([len, idx]) =>
      passwordOf(
        idx.map((i) => kinds[i]!),
        len,
      ).map((password) => ({ password, count: idx.length })),
    );

describe('the password rule', () => {
  it('accepts 6–20 characters with three or four kinds', () => {
    fc.assert(
      fc.property(passwordWithKinds(3, 4), ({ password, count }) => {
        expect(passwordKinds(password)).toBe(count);
        expect(checkNewPassword(password)).toBeNull();
      }),
    );
  });
  it('refuses fewer than three kinds with the complexity message', () => {
    fc.assert(
      fc.property(passwordWithKinds(1, 2), ({ password }) => {
        expect(checkNewPassword(password)).toBe(PasswordMessages.complexity);
      }),
    );
  });
  it('refuses lengths outside 6–20 with the length message', () => {
    expect(checkNewPassword('Aa1!x')).toBe(PasswordMessages.length);
    expect(checkNewPassword('Aa1!' + 'x'.repeat(17))).toBe(PasswordMessages.length);
    expect(checkNewPassword('')).toBe(PasswordMessages.newRequired);
  });
});

describe('the forced dialog checks, in the spec’s order', () => {
  it('reports the first failing rule', () => {
    expect(checkForcedPasswordForm({}, 'first')).toBe(PasswordMessages.newRequired);
    expect(checkForcedPasswordForm({ newPassword: 'abc' }, 'first')).toBe(
      PasswordMessages.confirmRequired,
    );
    expect(checkForcedPasswordForm({ newPassword: 'abc', newPasswordCfm: 'abd' }, 'first')).toBe(
      PasswordMessages.mismatch,
    );
    expect(checkForcedPasswordForm({ newPassword: 'abc', newPasswordCfm: 'abc' }, 'over90')).toBe(
      PasswordMessages.oldRequired,
    );
    expect(checkForcedPasswordForm({ newPassword: 'abc', newPasswordCfm: 'abc' }, 'first')).toBe(
      PasswordMessages.length,
    );
    expect(
      checkForcedPasswordForm({ newPassword: 'abcdefg', newPasswordCfm: 'abcdefg' }, 'first'),
    ).toBe(PasswordMessages.complexity);
    expect(
      checkForcedPasswordForm({ newPassword: 'Abcdef1', newPasswordCfm: 'Abcdef1' }, 'first'),
    ).toBeNull();
    expect(
      checkForcedPasswordForm(
        { oldPassword: 'x', newPassword: 'Abcdef1', newPasswordCfm: 'Abcdef1' },
        'over90',
      ),
    ).toBeNull();
  });
});
