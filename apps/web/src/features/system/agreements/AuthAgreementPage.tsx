import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type AgreementPublic } from '@health/contract';
import { isApiError } from '../../../shared/api/errors';
import { localMessage } from '../../../shared/i18n/messages';
import { SafeHtml } from '../../../shared/components/rich-text/SafeHtml';
import { useSettingsStore } from '../../../shared/stores/settings';
import { fetchPublicAgreement } from './api';
import { AGREEMENT_NS } from './locales';
import './auth-agreement.css';

type State =
  | { kind: 'loading' }
  | { kind: 'ok'; agreement: AgreementPublic }
  | { kind: 'notFound' }
  | { kind: 'error'; msg: string };

/**
 * /auth_agreement?code=… (public, outside the layout, no login): one agreement as members read
 * it — title, version, updated date and the content rendered through SafeHtml.
 */
export default function AuthAgreementPage() {
  const { t } = useTranslation(AGREEMENT_NS);
  const [search] = useSearchParams();
  const code = (search.get('code') ?? '').trim();
  const productTitle = useSettingsStore((s) => s.title);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!code) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchPublicAgreement(code, controller.signal)
      .then((agreement) => setState({ kind: 'ok', agreement }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // A failure answer (unknown code) has a state; a network failure does not.
        if (isApiError(error) && error.kind === 'state') {
          setState({ kind: 'notFound' });
        } else {
          setState({ kind: 'error', msg: isApiError(error) ? error.msg : '' });
        }
      });
    return () => controller.abort();
  }, [code, attempt]);

  useEffect(() => {
    if (state.kind === 'ok') document.title = `${state.agreement.title} - ${productTitle}`;
  }, [state, productTitle]);

  let body;
  if (!code) {
    body = <Result status="warning" title={t('public.noCode')} subTitle={t('public.noCodeHint')} />;
  } else if (state.kind === 'loading') {
    body = <Skeleton active title paragraph={{ rows: 10 }} aria-label={t('public.loading')} />;
  } else if (state.kind === 'notFound') {
    body = (
      <Result
        status="404"
        title={t('public.notFound')}
        subTitle={t('public.notFoundHint')}
        data-testid="agreement-not-found"
      />
    );
  } else if (state.kind === 'error') {
    body = (
      <Result
        status="error"
        title={t('public.error')}
        subTitle={localMessage(state.msg)}
        extra={
          <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('public.retry')}
          </Button>
        }
      />
    );
  } else {
    const { agreement } = state;
    body = (
      <article>
        <Typography.Title level={3} className="auth-agreement-title">
          {agreement.title}
        </Typography.Title>
        <div className="auth-agreement-meta">
          <span>{t('public.version', { version: agreement.version })}</span>
          <span>
            {t('public.updated', { date: formatDate(agreement.updatedAt, '{y}-{m}-{d}') })}
          </span>
        </div>
        <SafeHtml html={agreement.content} data-testid="agreement-content" />
      </article>
    );
  }

  return (
    <main className="auth-agreement">
      <div className="auth-agreement-paper">{body}</div>
    </main>
  );
}
