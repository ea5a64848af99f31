import { useSearchParams } from 'react-router';
import { AutoComplete, Button, Form, Input, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  agreementAddRequestSchema,
  WELL_KNOWN_AGREEMENTS,
  type Agreement,
  type AgreementAddRequest,
  PAGES,
} from '@health/contract';
import { EditPage } from '../../../shared/components/edit-page';
import { RichTextEditor } from '../../../shared/components/rich-text/RichTextEditor';
import { usePageActions } from '../../../shared/stores/permission';
import { agreementKeys, fetchAgreement, publicAgreementUrl, saveAgreement } from './api';
import { AGREEMENT_NS } from './locales';

/** /sysset_agreement/lists_edit (hidden): an agreement's code, title and rich-text content. */
export default function AgreementEditPage() {
  const { t } = useTranslation(AGREEMENT_NS);
  const codeOptions = Object.keys(WELL_KNOWN_AGREEMENTS).map((code) => ({
    value: code,
    label: t('codeOption', { code, title: t(`wellKnownCodes.${code}`) }),
  }));
  const actions = usePageActions(PAGES.agreements);
  const [search] = useSearchParams();
  const isNew = !search.get('id');
  const canSave = actions.includes(isNew ? 'add' : 'edit');

  return (
    <EditPage<Agreement, AgreementAddRequest>
      queryKey={agreementKeys.list}
      load={fetchAgreement}
      toValues={(a) => ({ code: a.code, title: a.title, content: a.content })}
      initialValues={{ code: '', title: '', content: '' }}
      schema={agreementAddRequestSchema}
      submit={async (values, { id }) => {
        const saved = await saveAgreement(values, id);
        return t('saved', { version: saved.version });
      }}
      invalidate={[agreementKeys.list]}
      title={{ add: t('add'), edit: t('editTitle') }}
      readOnly={!canSave}
      formProps={{ wrapperCol: { flex: 'minmax(0, 900px)' } }}
      extraActions={({ record }) =>
        record && (
          <Button
            icon={<ExportOutlined />}
            href={publicAgreementUrl(record.code)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('preview')}
          </Button>
        )
      }
    >
      {({ record }) => (
        <>
          <Form.Item name="code" label={t('code')} extra={t('codeHint')} required>
            <AutoComplete
              options={codeOptions}
              filterOption={(input, option) =>
                !!option && String(option.value).includes(input.trim().toLowerCase())
              }
              disabled={!canSave}
              style={{ maxWidth: 360 }}
            >
              <Input />
            </AutoComplete>
          </Form.Item>
          <Form.Item name="title" label={t('titleLabel')} required>
            <Input disabled={!canSave} />
          </Form.Item>
          <Form.Item name="content" label={t('content')} extra={t('versionHint')} required>
            <RichTextEditor disabled={!canSave} aria-label={t('content')} />
          </Form.Item>
          {record && (
            <Form.Item label={t('version')}>
              <Typography.Text>
                v{record.version}
                {record.updatedBy ? ` · ${record.updatedBy}` : ''}
              </Typography.Text>
            </Form.Item>
          )}
        </>
      )}
    </EditPage>
  );
}
