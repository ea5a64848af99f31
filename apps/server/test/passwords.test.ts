import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  passwordChangeNeed,
  verifyAgainstDummy,
  verifyPassword,
} from '../src/platform/passwords.js';
import { lockRemainingMs } from '../src/modules/auth/login/service.js';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_LOCK_MS, PASSWORD_MAX_AGE_DAYS } from '@health/contract';
import { DAY_MS } from '../src/platform/clock.js';

const FAST = { N: 1024, r: 8, p: 1 };
const DAY = DAY_MS;

describe('password hashes', () => {
  it('stores scrypt parameters and a per-hash salt, and verifies only the right password', async () => {
    const a = await hashPassword('Secret#123', FAST);
    const b = await hashPassword('Secret#123', FAST);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Secret#123', a)).toBe(true);
    expect(await verifyPassword('secret#123', a)).toBe(false);
    expect(await verifyPassword('Secret#123', 'md5$abc')).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });

  it('verifies any password against its own hash (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 30 }),
        fc.string({ maxLength: 30 }),
        async (pw, other) => {
          const hash = await hashPassword(pw, FAST);
          expect(await verifyPassword(pw, hash)).toBe(true);
          if (other.normalize('NFC') !== pw.normalize('NFC'))
            expect(await verifyPassword(other, hash)).toBe(false);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('passwordChangeNeed', () => {
  const now = Date.UTC(2025, 0, 1);
  it('is first when flagged, over90 past the age limit, otherwise null', () => {
    expect(passwordChangeNeed({ need_change_type: 'first', password_changed_at: now }, now)).toBe(
      'first',
    );
    const old = now - (PASSWORD_MAX_AGE_DAYS + 1) * DAY;
    expect(passwordChangeNeed({ need_change_type: null, password_changed_at: old }, now)).toBe(
      'over90',
    );
    const recent = now - (PASSWORD_MAX_AGE_DAYS - 1) * DAY;
    expect(
      passwordChangeNeed({ need_change_type: null, password_changed_at: recent }, now),
    ).toBeNull();
  });
});

describe('lockRemainingMs', () => {
  const now = 10 * LOGIN_LOCK_MS;
  it('locks after 5 failures within the window, for the lock time after the last one', () => {
    const failures = [now - 1000, now - 2000, now - 3000, now - 4000, now - 5000];
    expect(lockRemainingMs(failures, now)).toBe(LOGIN_LOCK_MS - 1000);
    expect(lockRemainingMs(failures.slice(0, 4), now)).toBe(0);
    expect(lockRemainingMs(failures, now - 1000 + LOGIN_LOCK_MS)).toBe(0);
  });

  it('does not lock when the 5 failures span more than the window', () => {
    const spread = [
      now - 1000,
      now - 2000,
      now - 3000,
      now - 4000,
      now - 2000 - LOGIN_FAILURE_WINDOW_MS,
    ];
    expect(lockRemainingMs(spread, now)).toBe(0);
  });
});
