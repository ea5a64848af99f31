import type { ReactNode } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGES, parseId, type HealthReportDetail, type HealthReportKind } from '@health/contract';
import { HEALTH_NS } from '../locales';
import { useReportDetail } from './api';

/**
 * A builder opened with `?id=` continues that draft (of its kind): it renders `children(draft)`
 * once the draft is loaded; without an id, `children(undefined)` at once (a new report).
 */
export function DraftGate({
  kind,
  children,
}: {
  kind: HealthReportKind;
  children: (draft: HealthReportDetail | undefined) => ReactNode;
}) {
  const { t } = useTranslation(HEALTH_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const detail = useReportDetail(id);
  if (id === undefined) return children(undefined);
  if (detail.isPending)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const d = detail.data;
  if (!d || d.status !== 'draft' || d.kind !== kind)
    return (
      <Card>
        <Result
          status="warning"
          title={d ? t('builder.notDraft') : t('report.linkProblem')}
          extra={
            <Button onClick={() => void navigate(PAGES.healthReports)}>{t('report.title')}</Button>
          }
        />
      </Card>
    );
  return children(d);
}
