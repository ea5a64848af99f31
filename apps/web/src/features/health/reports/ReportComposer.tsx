import { useState } from 'react';
import { Button, Card, Form, Popconfirm, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PAGES,
  formatDate,
  healthReportAddSchema,
  type HealthReportKind,
  type HealthReportRow,
} from '@health/contract';
import { LinkDialog } from '../../../shared/components/LinkDialog';
import { toast } from '../../../shared/feedback/feedback';
import { isPermitted } from '../../../shared/stores/permission';
import { applyFieldErrors, checkWithSchema } from '../../../shared/utils/form';
import { HEALTH_NS } from '../locales';
import { useAddReport, usePublishReport, useShareReport, useUpdateReport } from './api';
import { ReportTextFields, type ReportText } from './ReportTextFields';

type Values = ReportText;

/** The doctor's text for an alert's reading: write (phrases to start from), save, sign and publish. */
export function ReportComposer({
  measurementId,
  alertId,
  kind,
  reports,
  canPublish,
  writable,
  notice,
}: {
  measurementId: number;
  alertId: number;
  kind: HealthReportKind;
  /** The reports of this reading already written (newest first). */
  reports: HealthReportRow[];
  /** The operator may publish and share reports (医生工作台's publish action). */
  canPublish: boolean;
  /** A report may be written now: the alert is open and claimed by this operator. */
  writable: boolean;
  /** Why it may not be written now (shown instead of the form). */
  notice?: string;
}) {
  const { t } = useTranslation(HEALTH_NS);
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const draft = reports.find((r) => r.status === 'draft');
  const [draftId, setDraftId] = useState<number | null>(draft?.id ?? null);
  const [failing, setFailing] = useState<string[]>([]);
  const add = useAddReport();
  const update = useUpdateReport();
  const publish = usePublishReport();
  const share = useShareReport();
  /** The member link just made, shown in a dialog (link, QR code, copy). */
  const [link, setLink] = useState<{ url: string; expiresAt: number } | null>(null);

  /** Save the text as a draft (new or the existing one); its id, or null when the form is wrong. */
  const save = async (): Promise<number | null> => {
    const values = form.getFieldsValue();
    const input = { measurementId, alertId, ...values };
    const check = checkWithSchema(form, healthReportAddSchema, failing, { toInput: () => input });
    setFailing(check.failing);
    if (!check.value) return null;
    try {
      if (draftId) {
        await update.mutateAsync({ id: draftId, ...values });
        return draftId;
      }
      const { id } = await add.mutateAsync(input);
      setDraftId(id);
      return id;
    } catch (e) {
      applyFieldErrors(form, e);
      return null;
    }
  };

  const published = reports.filter((r) => r.status === 'published');
  return (
    <Card title={t('report.write')}>
      <LinkDialog
        url={link?.url ?? null}
        title={t('report.shareLink')}
        note={link ? t('report.shareDone', { time: formatDate(link.expiresAt) }) : undefined}
        onClose={() => setLink(null)}
      />
      {published.length > 0 && (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
          <Typography.Text strong>{t('report.existing')}</Typography.Text>
          {published.map((r) => (
            <Space key={r.id} wrap>
              <Tag color="green">{t('report.status.published')}</Tag>
              <span>{t('report.version', { n: r.version })}</span>
              <Typography.Text type="secondary">
                <span translate="no">{r.publishedBy}</span> · {formatDate(r.publishedAt!)}
              </Typography.Text>
              {/* The preview is 健康报告's page: a workbench-only doctor does not hold it. */}
              {isPermitted(PAGES.healthReportPreview) && (
                <Button
                  size="small"
                  onClick={() => void navigate(`${PAGES.healthReportPreview}?id=${r.id}`)}
                >
                  {t('report.preview')}
                </Button>
              )}
              {canPublish && (
                <Button
                  size="small"
                  loading={share.isPending}
                  onClick={() =>
                    void share.mutateAsync({ id: r.id }).then((link) =>
                      setLink({
                        url: new URL(link.url, window.location.origin).toString(),
                        expiresAt: link.expiresAt,
                      }),
                    )
                  }
                >
                  {t('report.share')}
                </Button>
              )}
            </Space>
          ))}
        </Space>
      )}
      {canPublish && !writable && notice && (
        <Typography.Text type="secondary">{notice}</Typography.Text>
      )}
      {canPublish && writable && (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ conclusion: draft?.conclusion ?? '', advice: draft?.advice ?? '' }}
        >
          <ReportTextFields form={form} kind={kind} />
          <Space wrap>
            <Button
              loading={add.isPending || update.isPending}
              onClick={() =>
                void save().then((id) => {
                  if (id) toast.success(t('report.saved'));
                })
              }
            >
              {t('report.saveDraft')}
            </Button>
            <Popconfirm
              title={t('report.publishConfirm')}
              onConfirm={() =>
                save().then(async (id) => {
                  if (!id) return;
                  await publish.mutateAsync({ id });
                  toast.success(t('report.published'));
                  setDraftId(null);
                  form.resetFields();
                })
              }
            >
              <Button type="primary" loading={publish.isPending}>
                {t('report.publish')}
              </Button>
            </Popconfirm>
          </Space>
        </Form>
      )}
    </Card>
  );
}
