import { lazy, Suspense, useEffect, useState } from 'react';
import { FORCED_PASSWORD_PROMPT_DELAY_MS, todayKey } from '@health/contract';
import { hasKey, writeJson } from '../../../shared/session/storage';
import { useUserStore } from '../../../shared/stores/user';
import { forcedPasswordMode, laterKeyFor, type ForcedMode } from '../model/forced-password';

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
  const [mode, setMode] = useState<ForcedMode | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const { info, userName } = useUserStore.getState();
      setMode(forcedPasswordMode(info, hasKey(laterKeyFor(userName))));
    }, FORCED_PASSWORD_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!mode) return null;

  const later = () => {
    const { userName, clearNeedChange } = useUserStore.getState();
    clearNeedChange();
    writeJson(laterKeyFor(userName), todayKey());
    setMode(null);
  };

  return (
    <Suspense fallback={null}>
      <ForcedPasswordDialog mode={mode} onLater={later} />
    </Suspense>
  );
}
