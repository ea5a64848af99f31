import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGOUT_AFTER_PASSWORD_CHANGE_MS } from '@health/contract';
import { toast } from '../../../../shared/feedback/feedback';
import { LOGIN_PATH } from '../../../../shared/permission/fixed-paths';
import { logout } from '../../../../shared/session/session';
import { useUserStore } from '../../../../shared/stores/user';

/** After a successful change (spec §4): clear the need flag, say so, log out after 0.5 s, go to /login. */
export function useAfterPasswordChange(): (serverMessage: string) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    (serverMessage: string) => {
      useUserStore.getState().clearNeedChange();
      toast.success(serverMessage || t('password.changed'));
      window.setTimeout(() => {
        void logout().then(() => navigate(LOGIN_PATH, { replace: true }));
      }, LOGOUT_AFTER_PASSWORD_CHANGE_MS);
    },
    [navigate, t],
  );
}
