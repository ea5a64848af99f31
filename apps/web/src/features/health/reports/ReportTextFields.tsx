import { Form, Input, Select, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  REPORT_ADVICE_MAX,
  REPORT_CONCLUSION_MAX,
  REPORT_PHRASES,
  type HealthReportKind,
} from '@health/contract';
import { HEALTH_NS } from '../locales';

export interface ReportText {
  conclusion: string;
  advice: string;
}

/**
 * The doctor's conclusion and advice (inside a Form of ReportText): each with the kind's common
 * phrases to insert and then edit.
 */
export function ReportTextFields({
  form,
  kind,
  disabled,
}: {
  form: FormInstance<ReportText>;
  kind: HealthReportKind;
  disabled?: boolean;
}) {
  const { t } = useTranslation(HEALTH_NS);
  const phrases = REPORT_PHRASES[kind];
  const insert = (field: keyof ReportText, text: string) => {
    const current = form.getFieldValue(field) as string | undefined;
    form.setFieldValue(field, current ? `${current}\n${text}` : text);
  };
  return (
    <>
      {(['conclusion', 'advice'] as const).map((field) => (
        <Form.Item
          key={field}
          name={field}
          required
          label={
            <Space wrap>
              {t(`report.${field}`)}
              <Select
                size="small"
                style={{ width: 220, maxWidth: '60vw' }}
                placeholder={t('report.phrasePick')}
                value={null}
                disabled={disabled}
                options={phrases[field].map((p) => ({ value: p, label: p }))}
                onChange={(p: string) => insert(field, p)}
                aria-label={`${t(`report.${field}`)} ${t('report.phrases')}`}
              />
            </Space>
          }
        >
          <Input.TextArea
            aria-label={t(`report.${field}`)}
            rows={4}
            disabled={disabled}
            count={{
              show: true,
              max: field === 'conclusion' ? REPORT_CONCLUSION_MAX : REPORT_ADVICE_MAX,
            }}
          />
        </Form.Item>
      ))}
    </>
  );
}
