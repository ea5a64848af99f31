import { useState } from 'react';
import { Button, Popconfirm, Space, Tag, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGES, healthReportAddSchema, type HealthReportAdd } from '@health/contract';
import { toast } from '../../../shared/feedback/feedback';
import { localMessage } from '../../../shared/i18n';
import { applyFieldErrors, checkWithSchema } from '../../../shared/utils/form';
import { HEALTH_NS } from '../locales';
import { useAddReport, usePublishReport, useSignReport, useUpdateReport } from './api';
import type { ReportText } from './ReportTextFields';

/**
 * A builder's draft → signed → published steps (创建心电报告, 创建血压报告): the first save adds the
 * draft, later ones update it; signing fixes the text; publishing opens the member's view.
 */
export function useReportBuilder(
  form: FormInstance<ReportText>,
  /** The report as the page has it now (target, details) with the form's text. */
  build: (text: ReportText) => HealthReportAdd,
  /** The draft continued (`?id=`), if any. */
  initialDraftId: number | null = null,
) {
  const navigate = useNavigate();
  const { t } = useTranslation(HEALTH_NS);
  const [draftId, setDraftId] = useState<number | null>(initialDraftId);
  const [signed, setSigned] = useState(false);
  const [failing, setFailing] = useState<string[]>([]);
  const add = useAddReport();
  const update = useUpdateReport();
  const sign = useSignReport();
  const publish = usePublishReport();

  /** Save the draft; its id, or null when something is wrong (shown on the form or as a toast). */
  const save = async (): Promise<number | null> => {
    if (signed) return draftId;
    const input = build(form.getFieldsValue(true) as ReportText);
    const check = checkWithSchema(form, healthReportAddSchema, failing, { toInput: () => input });
    const textFields = check.failing.filter((f) => f === 'conclusion' || f === 'advice');
    setFailing(textFields);
    if (!check.value) {
      const other = healthReportAddSchema
        .safeParse(input)
        .error?.issues.find((i) => i.path[0] !== 'conclusion' && i.path[0] !== 'advice');
      if (other) toast.error(localMessage(other.message));
      return null;
    }
    try {
      if (draftId !== null) {
        await update.mutateAsync({
          id: draftId,
          conclusion: check.value.conclusion,
          advice: check.value.advice,
          details: check.value.details,
        });
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

  return {
    draftId,
    signed,
    busy: add.isPending || update.isPending || sign.isPending || publish.isPending,
    saveDraft: () =>
      save().then((id) => {
        if (id) toast.success(t('report.saved'));
      }),
    sign: () =>
      save().then(async (id) => {
        if (!id) return;
        await sign.mutateAsync({ id });
        setSigned(true);
        toast.success(t('builder.signedDone'));
      }),
    publish: () =>
      save().then(async (id) => {
        if (!id) return;
        await publish.mutateAsync({ id });
        toast.success(t('report.published'));
        void navigate(`${PAGES.healthReportPreview}?id=${id}`);
      }),
  };
}

/** Save draft, sign, sign and publish (the last two need the page's publish action). */
export function ReportBuilderActions({
  builder,
  canPublish,
}: {
  builder: ReturnType<typeof useReportBuilder>;
  canPublish: boolean;
}) {
  const { t } = useTranslation(HEALTH_NS);
  return (
    <Space wrap>
      {builder.signed ? (
        <Tag color="blue">{t('report.status.signed')}</Tag>
      ) : (
        builder.draftId !== null && <Tag>{t('report.status.draft')}</Tag>
      )}
      {!builder.signed && (
        <Button loading={builder.busy} onClick={() => void builder.saveDraft()}>
          {t('report.saveDraft')}
        </Button>
      )}
      {canPublish && !builder.signed && (
        <Popconfirm title={t('builder.signConfirm')} onConfirm={builder.sign}>
          <Button loading={builder.busy}>{t('builder.sign')}</Button>
        </Popconfirm>
      )}
      {canPublish && (
        <Popconfirm title={t('report.publishConfirm')} onConfirm={builder.publish}>
          <Button type="primary" loading={builder.busy}>
            {builder.signed ? t('builder.publishSigned') : t('report.publish')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
