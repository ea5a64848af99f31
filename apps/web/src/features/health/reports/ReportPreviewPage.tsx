import { Alert, Button, Card, Result, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGES, parseId, type HealthReportDetail, type PublicReport } from '@health/contract';
import { HEALTH_NS } from '../locales';
import { useReportDetail } from './api';
import { ReportDocument } from './ReportDocument';

/** The report as the member will read it: its published versions, or this draft alone. */
function asMemberSees(d: HealthReportDetail): PublicReport {
  const shown = d.status === 'published' ? d.versions.filter((v) => v.status === 'published') : [d];
  return {
    memberName: d.memberName,
    memberPhone: d.memberPhone,
    reading: d.reading,
    expiresAt: 0,
    versions: shown.map((v) => ({
      version: v.version,
      kind: v.kind,
      conclusion: v.conclusion,
      advice: v.advice,
      addendum: v.addendum,
      details: v.details,
      signedBy: v.signedBy ?? '-',
      signedAt: v.signedAt ?? v.updatedAt,
      publishedAt: v.publishedAt ?? v.updatedAt,
    })),
  };
}

/** /health_management/health-report-preview?id= (hidden): a report as the member sees it; printable. */
export default function ReportPreviewPage() {
  const { t } = useTranslation(HEALTH_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const detail = useReportDetail(id);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(PAGES.healthReports)}>
      {t('report.title')}
    </Button>
  );
  if (id === undefined || detail.isError)
    return <Result status="warning" title={t('report.linkProblem')} extra={back} />;
  if (!detail.data) return <Skeleton active />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space className="report-no-print" wrap>
        {back}
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('report.print')}
        </Button>
      </Space>
      {detail.data.status !== 'published' && (
        <Alert
          className="report-no-print"
          type="warning"
          showIcon
          message={t('report.draftNote')}
        />
      )}
      <Card>
        <ReportDocument report={asMemberSees(detail.data)} />
      </Card>
    </Space>
  );
}
