import { passwordLaterKey, todayKey, type NeedChangeType } from '@health/contract';

/**
 * The forced password dialog's decision (spec §4), pure:
 * - first (first login, default password): always, cannot be dismissed;
 * - over90 (unchanged over 90 days): unless "later" was chosen today;
 * - otherwise nothing.
 */
export type ForcedMode = 'first' | 'over90';

export function forcedPasswordMode(
  info: { need_change_pwd?: boolean; need_change_type?: NeedChangeType | null } | null | undefined,
  laterChosenToday: boolean,
): ForcedMode | null {
  if (!info?.need_change_pwd) return null;
  if (info.need_change_type === 'first') return 'first';
  if (info.need_change_type === 'over90') return laterChosenToday ? null : 'over90';
  return null;
}

/** The once-a-day key: user name and today's local date. */
export function laterKeyFor(userName: string, now: Date = new Date()): string {
  return passwordLaterKey(userName, todayKey(now));
}
