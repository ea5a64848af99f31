import { describe, expect, it } from 'vitest';
import { forcedPasswordMode, laterKeyFor } from '../src/features/auth/login/forced-password';

describe('forced password dialog decision (spec §4)', () => {
  it('opens for a first login, whatever was chosen today', () => {
    expect(forcedPasswordMode({ need_change_pwd: true, need_change_type: 'first' }, false)).toBe(
      'first',
    );
    expect(forcedPasswordMode({ need_change_pwd: true, need_change_type: 'first' }, true)).toBe(
      'first',
    );
  });

  it('opens for a password older than 90 days unless "later" was chosen today', () => {
    expect(forcedPasswordMode({ need_change_pwd: true, need_change_type: 'over90' }, false)).toBe(
      'over90',
    );
    expect(
      forcedPasswordMode({ need_change_pwd: true, need_change_type: 'over90' }, true),
    ).toBeNull();
  });

  it('stays closed when no change is needed or nothing is stored', () => {
    expect(
      forcedPasswordMode({ need_change_pwd: false, need_change_type: 'first' }, false),
    ).toBeNull();
    expect(forcedPasswordMode({ need_change_pwd: true, need_change_type: null }, false)).toBeNull();
    expect(forcedPasswordMode(null, false)).toBeNull();
  });

  it('keys "later" by user name and local date', () => {
    const day = new Date(2025, 0, 5, 23, 59);
    expect(laterKeyFor('admin', day)).toBe('jkadmin_pwd_later_admin_2025-01-05');
    expect(laterKeyFor('admin', new Date(2025, 0, 6, 0, 1))).not.toBe(laterKeyFor('admin', day));
    expect(laterKeyFor('other', day)).not.toBe(laterKeyFor('admin', day));
  });
});
