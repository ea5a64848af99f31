import { Alert, Form, Input, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  NOTICE_TARGET_TYPES,
  NOTICE_TITLE_MAX,
  noticeSaveRequestSchema,
  type Notice,
  type NoticeSaveRequest,
  PAGES,
} from '@health/contract';
import { EditPage } from '../../../shared/components/edit-page';
import { RichTextEditor } from '../../../shared/components/rich-text/RichTextEditor';
import { ImageUpload } from '../../../shared/components/upload';
import { usePageActions } from '../../../shared/stores/permission';
import { fetchNotice, noticeKeys, saveNotice, useNoticeTargetOptions } from './api';
import { SIGN_NS } from '../sign-locales';
import { MEMBER_ENUMS_NS } from '../enum-locales';

type Values = Pick<NoticeSaveRequest, 'title' | 'cover' | 'content' | 'targetType' | 'targetIds'>;

/** The request of the form's values (no recipients when it goes to everyone). */
const toRequest = (values: Values) => ({
  ...values,
  targetIds: values.targetType === 'all' ? [] : (values.targetIds ?? []),
  scheduledAt: null,
});

/** /member_sign/activitydetail (hidden): a notice's title, cover, rich text and recipients. */
export default function NoticeEditPage() {
  const { t } = useTranslation(SIGN_NS);
  const { t: label } = useTranslation(MEMBER_ENUMS_NS);
  const actions = usePageActions(PAGES.notices);
  const [search] = useSearchParams();
  const id = search.get('id');
  const isNew = !id;
  // The same cache entry EditPage loads ([...queryKey, 'detail', id]): is the notice still editable?
  const current = useQuery({
    queryKey: [...noticeKeys.all, 'detail', id],
    queryFn: () => fetchNotice(id ?? ''),
    enabled: !!id,
  });
  const locked =
    !!current.data && current.data.status !== 'draft' && current.data.status !== 'scheduled';
  const canSave = !locked && actions.includes(isNew ? 'add' : 'edit');
  const options = useNoticeTargetOptions();
  const gradeOptions = (options.data?.grades ?? []).map((g) => ({ label: g.name, value: g.id }));
  const channelOptions = (options.data?.channels ?? []).map((c) => ({
    label: c.name,
    value: c.id,
  }));

  return (
    <EditPage<Notice, Values>
      queryKey={noticeKeys.all}
      load={(id) => fetchNotice(id)}
      toValues={(n) => ({
        title: n.title,
        cover: n.cover,
        content: n.content,
        targetType: n.targetType,
        targetIds: n.targetIds,
      })}
      initialValues={{ title: '', cover: '', content: '', targetType: 'all', targetIds: [] }}
      schema={noticeSaveRequestSchema}
      adapt={{ toInput: toRequest }}
      submit={(values, { id }) => saveNotice(toRequest(values), id)}
      invalidate={[noticeKeys.all]}
      title={{ add: t('notice.add'), edit: locked ? t('notice.viewTitle') : t('notice.editTitle') }}
      readOnly={!canSave}
      formProps={{ wrapperCol: { flex: 'minmax(0, 900px)' } }}
    >
      {({ record }) => {
        return (
          <>
            {record?.status === 'scheduled' && (
              <Alert
                type="info"
                showIcon
                message={t('notice.editScheduledHint')}
                style={{ marginBottom: 16 }}
              />
            )}
            {locked && (
              <Alert
                type="warning"
                showIcon
                message={t('notice.readOnlyHint')}
                style={{ marginBottom: 16 }}
              />
            )}
            <Form.Item name="title" label={t('notice.titleLabel')} required>
              <Input count={{ show: true, max: NOTICE_TITLE_MAX }} disabled={!canSave} />
            </Form.Item>
            <Form.Item name="cover" label={t('notice.cover')}>
              <ImageUpload disabled={!canSave} label={t('notice.cover')} />
            </Form.Item>
            <Form.Item name="targetType" label={t('notice.targetType')} required>
              <Radio.Group
                disabled={!canSave}
                options={NOTICE_TARGET_TYPES.map((v) => ({
                  label: label(`noticeTarget.${v}`),
                  value: v,
                }))}
              />
            </Form.Item>
            <Form.Item noStyle dependencies={['targetType']}>
              {({ getFieldValue }) => {
                const type = getFieldValue('targetType') as Values['targetType'];
                if (type === 'all') return null;
                return (
                  <Form.Item
                    name="targetIds"
                    label={type === 'grade' ? t('notice.grades') : t('notice.channels')}
                    required
                  >
                    <Select
                      mode="multiple"
                      allowClear
                      disabled={!canSave}
                      loading={options.isPending}
                      placeholder={
                        type === 'grade' ? t('notice.pickGrades') : t('notice.pickChannels')
                      }
                      options={type === 'grade' ? gradeOptions : channelOptions}
                      optionFilterProp="label"
                      style={{ maxWidth: 480 }}
                    />
                  </Form.Item>
                );
              }}
            </Form.Item>
            <Form.Item
              name="content"
              label={t('notice.content')}
              extra={t('notice.contentHint')}
              required
            >
              <RichTextEditor disabled={!canSave} aria-label={t('notice.content')} />
            </Form.Item>
          </>
        );
      }}
    </EditPage>
  );
}
