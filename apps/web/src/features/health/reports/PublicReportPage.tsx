import { useCallback } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicLoad } from '../../../shared/hooks/use-public-load';
import { LanguageSwitch } from '../../../shared/i18n/LanguageSwitch';
import { localMessage } from '../../../shared/i18n/messages';
import { usePageTitle } from '../../../shared/routing/page-title';
import { HEALTH_NS } from '../locales';
import { fetchPublicReport } from './api';
import { ReportDocument } from './ReportDocument';

/**
 * /health-report-preview?token= (public, no login): the report a member's signed link opens. A
 * tampered, expired or withdrawn link gets the server's message, nothing of the report.
 */
export default function PublicReportPage() {
  const { t } = useTranslation(HEALTH_NS);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const load = useCallback(() => fetchPublicReport(token), [token]);
  const [state, retry] = usePublicLoad(load);
  usePageTitle(t('report.publicTitle'));
  return (
    <main style={{ padding: '16px 16px 48px', maxWidth: 900, margin: '0 auto' }}>
      <div
        className="report-no-print"
        style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}
      >
        {state.kind === 'ok' && (
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('report.print')}
          </Button>
        )}
        <LanguageSwitch />
      </div>
      {state.kind === 'loading' && <Skeleton active />}
      {state.kind === 'error' && (
        <Result
          status="warning"
          title={t('report.linkProblem')}
          subTitle={state.msg ? localMessage(state.msg) : undefined}
          extra={<Button onClick={retry}>{t('report.retry')}</Button>}
        />
      )}
      {state.kind === 'ok' && <ReportDocument report={state.value} />}
    </main>
  );
}
