import { useEffect } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Message type posted to the opener window by /auth-redirect. */
export const AUTH_REDIRECT_MESSAGE = 'auth-redirect';

/**
 * /auth-redirect: a third-party sign-in returns here in a popup; the callback's query is handed to
 * the window that opened it (same origin only) and the popup closes.
 */
export default function AuthRedirectPage() {
  const { t } = useTranslation();
  useEffect(() => {
    const query = window.location.search.slice(1);
    if (window.opener) {
      (window.opener as Window).postMessage(
        { type: AUTH_REDIRECT_MESSAGE, query },
        window.location.origin,
      );
      window.close();
    }
  }, []);
  return <Result status="success" title={t('authRedirect.done')} />;
}
