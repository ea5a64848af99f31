import { describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '@health/contract';
import {
  isSessionExpired,
  loginPath,
  safeRedirect,
  sessionStatus,
} from '../src/shared/session/session-rules';

const now = 1_800_000_000_000;

describe('session expiry (spec §4)', () => {
  it('expires when the login time is missing', () => {
    expect(isSessionExpired(null, now)).toBe(true);
    expect(isSessionExpired(undefined, now)).toBe(true);
    expect(isSessionExpired(Number.NaN, now)).toBe(true);
  });

  it('expires only after 1,295,880,000 ms', () => {
    expect(SESSION_LIFETIME_MS).toBe(1_295_880_000);
    expect(isSessionExpired(now - SESSION_LIFETIME_MS, now)).toBe(false);
    expect(isSessionExpired(now - SESSION_LIFETIME_MS - 1, now)).toBe(true);
    expect(isSessionExpired(now - 1000, now)).toBe(false);
  });
});

describe('sessionStatus', () => {
  const base = { accessToken: 'a', loginTime: now - 1000, routePaths: ['/sysset_home/basic'], now };
  it('is anonymous without a token', () => {
    expect(sessionStatus({ ...base, accessToken: null })).toBe('anonymous');
  });
  it('is expired when the login time is old or missing', () => {
    expect(sessionStatus({ ...base, loginTime: null })).toBe('expired');
    expect(sessionStatus({ ...base, loginTime: now - SESSION_LIFETIME_MS - 1 })).toBe('expired');
  });
  it('refuses a session without stored route paths', () => {
    expect(sessionStatus({ ...base, routePaths: [] })).toBe('no-routes');
    expect(sessionStatus({ ...base, routePaths: null })).toBe('no-routes');
  });
  it('is active otherwise', () => {
    expect(sessionStatus(base)).toBe('active');
  });
});

describe('login redirect', () => {
  it('carries the wanted path in the redirect query', () => {
    expect(loginPath('/member_manage/lists?page=2')).toBe(
      '/login?redirect=%2Fmember_manage%2Flists%3Fpage%3D2',
    );
    expect(loginPath('/')).toBe('/login');
    expect(loginPath(null)).toBe('/login');
  });
  it('only follows paths of this site', () => {
    expect(safeRedirect('/a/b?c=1')).toBe('/a/b?c=1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/\\evil')).toBeNull();
    expect(safeRedirect('/login?redirect=/x')).toBeNull();
    expect(safeRedirect('')).toBeNull();
  });
});
