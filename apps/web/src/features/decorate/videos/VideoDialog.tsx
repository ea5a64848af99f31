import { Form, Input, InputNumber, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  VIDEO_CATEGORY_KEYS,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_DURATION_MAX_S,
  VIDEO_SORT_MAX,
  VIDEO_TITLE_MAX,
  formatVideoDuration,
  videoSaveRequestSchema,
  type Video,
  type VideoCategory,
} from '@health/contract';
import { FormDialog, type DialogCallbacks } from '../../../shared/components/form-dialog';
import { ImageUpload } from '../../../shared/components/upload';
import { toast } from '../../../shared/feedback/feedback';
import { DECORATE_NS } from '../locales';
import { useSaveVideo, type VideoRequest } from './api';
import { VideoUrlField } from './VideoUrlField';
import './videos.css';

interface Values {
  title: string;
  category: VideoCategory | undefined;
  cover: string;
  url: string;
  durationS: number | null;
  description: string;
  sort: number | null;
  enabled: boolean;
}

const toRequest = (v: Values): VideoRequest => ({
  title: v.title ?? '',
  category: v.category as VideoCategory,
  cover: v.cover ?? '',
  url: (v.url ?? '').trim(),
  durationS: v.durationS ?? undefined,
  description: v.description ?? '',
  sort: v.sort ?? 0,
  enabled: v.enabled,
});

function initialValues(video: Video | null): Values {
  if (video) {
    return {
      title: video.title,
      category: video.category,
      cover: video.cover,
      url: video.url,
      durationS: video.durationS,
      description: video.description,
      sort: video.sort,
      enabled: video.enabled,
    };
  }
  return {
    title: '',
    category: undefined,
    cover: '',
    url: '',
    durationS: null,
    description: '',
    sort: 0,
    enabled: true,
  };
}

function VideoFields({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation(DECORATE_NS);
  const cover = (Form.useWatch('cover', form) as string | undefined) ?? '';
  const duration = Form.useWatch('durationS', form) as number | null | undefined;
  return (
    <>
      <Form.Item name="title" label={t('video.name')} required>
        <Input count={{ show: true, max: VIDEO_TITLE_MAX }} />
      </Form.Item>
      <Form.Item name="category" label={t('video.category')} required>
        <Select
          options={VIDEO_CATEGORY_KEYS.map((k) => ({
            value: k,
            label: t(`video.categories.${k}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="cover" label={t('video.cover')} required extra={t('video.coverHint')}>
        <ImageUpload label={t('video.cover')} size={96} />
      </Form.Item>
      <Form.Item name="url" label={t('video.url')} required>
        <VideoUrlField
          poster={cover}
          onUploaded={(result) => {
            if (result.durationS !== null) form.setFieldValue('durationS', result.durationS);
          }}
        />
      </Form.Item>
      <div className="video-dialog-row">
        <Form.Item
          name="durationS"
          label={t('video.durationS')}
          required
          extra={
            typeof duration === 'number' && duration > 0
              ? t('video.durationIs', { duration: formatVideoDuration(duration) })
              : undefined
          }
        >
          <InputNumber
            min={1}
            max={VIDEO_DURATION_MAX_S}
            precision={0}
            addonAfter={t('video.seconds')}
          />
        </Form.Item>
        <Form.Item name="sort" label={t('common.sort')} extra={t('video.sortHint')}>
          <InputNumber min={0} max={VIDEO_SORT_MAX} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
          <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
        </Form.Item>
      </div>
      <Form.Item name="description" label={t('video.description')}>
        <Input.TextArea rows={3} count={{ show: true, max: VIDEO_DESCRIPTION_MAX }} />
      </Form.Item>
    </>
  );
}

/** Add or edit a health video (the shared form dialog, checked by the contract's schema). */
export function VideoDialog({
  video,
  open,
  onClose,
  onDone,
}: { video: Video | null; open: boolean } & DialogCallbacks) {
  const { t } = useTranslation(DECORATE_NS);
  const save = useSaveVideo(video?.id ?? null);
  return (
    <FormDialog<VideoRequest, { id: number }>
      title={video ? t('video.editTitle') : t('video.addTitle')}
      open={open}
      onClose={onClose}
      onDone={() => {
        toast.success(t('common.saved'));
        onDone();
      }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      width={640}
      modalProps={{ forceRender: true, maskClosable: false }}
      name="video"
      formProps={{ 'data-testid': 'video-form' } as object}
      schema={videoSaveRequestSchema}
      adapt={{ toInput: toRequest }}
      initialValues={initialValues(video)}
      mutation={save}
    >
      {(form) => <VideoFields form={form as FormInstance<Values>} />}
    </FormDialog>
  );
}
