import fc from 'fast-check';
import {
  LOGIN_CAPTCHA_AFTER_FAILURES,
  LOGIN_DELAY_MAX_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_SPRAY_NAMES,
} from '@health/contract';
import { describe, expect, it } from 'vitest';
import { loginGate, type LoginHistory } from '../src/modules/auth/login/service.js';

const NOW = 1_800_000_000_000;
/** Failure times inside the window, newest first. */
const failures = (max: number) =>
  fc
    .array(fc.integer({ min: 1, max: LOGIN_FAILURE_WINDOW_MS - 1 }), { maxLength: max })
    .map((ages) => [...ages].sort((a, b) => a - b).map((age) => NOW - age));

const history = fc.record<LoginHistory>({
  userFailures: failures(40),
  pairFailures: failures(LOGIN_MAX_FAILURES),
  addressFailures: failures(1),
  addressFailedNames: fc.integer({ min: 0, max: 20 }),
  knownAddress: fc.boolean(),
});

describe('loginGate (pure rules of the login lock)', () => {
  it('never locks or delays an address that has not failed for the user name', () => {
    fc.assert(
      fc.property(history, (h) => {
        // However often the user name failed elsewhere, its owner at a quiet address gets in.
        const gate = loginGate({ ...h, pairFailures: [], addressFailedNames: 0 }, NOW);
        expect(gate.lockedMs).toBe(0);
        expect(gate.waitMs).toBe(0);
      }),
    );
  });

  it('does not slow down the known colleagues of a spraying address', () => {
    fc.assert(
      fc.property(history, (h) => {
        const gate = loginGate({ ...h, pairFailures: [], knownAddress: true }, NOW);
        expect(gate.lockedMs + gate.waitMs).toBe(0);
        expect(gate.captchaRequired).toBe(
          h.userFailures.length >= LOGIN_CAPTCHA_AFTER_FAILURES ||
            h.addressFailedNames >= LOGIN_SPRAY_NAMES,
        );
      }),
    );
  });

  it('locks the pair after LOGIN_MAX_FAILURES failures in the window, and delays are bounded', () => {
    fc.assert(
      fc.property(history, (h) => {
        const gate = loginGate(h, NOW);
        const pairLocked = h.pairFailures.length >= LOGIN_MAX_FAILURES;
        expect(gate.lockedMs > 0).toBe(pairLocked);
        expect(gate.waitMs).toBeLessThanOrEqual(LOGIN_DELAY_MAX_MS);
      }),
    );
  });
});
