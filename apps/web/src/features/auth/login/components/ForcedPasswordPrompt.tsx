import { lazy, Suspense, useEffect, useState } from 'react';
import { FORCED_PASSWORD_PROMPT_DELAY_MS, todayKey } from '@health/contract';
import { hasKey, writeJson } from '../../../../shared/session/storage';
import { useUserStore } from '../../../../shared/stores/user';
import { forcedPasswordMode, laterKeyFor, type ForcedMode } from '../forced-password';

// The dialog (antd Modal and Form) loads only when it has to open.
const ForcedPasswordDialog = lazy(() =>
  import('./ForcedPasswordDialog').then((m) => ({ default: m.ForcedPasswordDialog })),
);

/**
 * Mounted by the layout: about 1 s after it is created, opens the forced dialog when the stored
 * user info asks for it (spec §4). "Later" or closing clears the need flag and records today under
 * the user's once-a-day key.
 */
export default function ForcedPasswordPrompt() {
  const [due, setDue] = useState(false);
  const info = useUserStore((s) => s.info);
  const userName = useUserStore((s) => s.userName);

  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), FORCED_PASSWORD_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // Follows the stored flags: a server refusal (268) that sets "first" opens it at once.
  const mode: ForcedMode | null = due
    ? forcedPasswordMode(info, hasKey(laterKeyFor(userName)))
    : null;
  if (!mode) return null;

  const later = () => {
    useUserStore.getState().clearNeedChange();
    writeJson(laterKeyFor(userName), todayKey());
  };

  return (
    <Suspense fallback={null}>
      <ForcedPasswordDialog mode={mode} onLater={later} />
    </Suspense>
  );
}
