import { DatePicker, Form, Input, InputNumber, Select, Switch, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ADVERT_POSITIONS,
  ADVERT_POSITION_KEYS,
  ADVERT_SORT_MAX,
  ADVERT_TITLE_MAX,
  DAY_MS,
  NO_LINK,
  advertSaveRequestSchema,
  chinaDayStartOf,
  type Advert,
  type AdvertPosition,
  type NavLink,
} from '@health/contract';
import { FormDialog, type DialogCallbacks } from '../../../shared/components/form-dialog';
import { ImageUpload } from '../../../shared/components/upload';
import { toast } from '../../../shared/feedback/feedback';
import { fromChinaPicker, toChinaPicker } from '../../../shared/utils/dayjs';
import { LinkField } from '../links/LinkField';
import { DECORATE_NS } from '../locales';
import { AdvertPreview } from './AdvertPreview';
import { useSaveAdvert, type AdvertRequest } from './api';
import './adverts.css';

interface Values {
  title: string;
  position: AdvertPosition;
  image: string;
  link: NavLink;
  /** China wall-clock times in the picker. */
  window: [Dayjs | null, Dayjs | null] | null;
  sort: number | null;
  enabled: boolean;
}

const toRequest = (v: Values): AdvertRequest => ({
  title: v.title ?? '',
  position: v.position,
  image: v.image ?? '',
  link: v.link ?? NO_LINK,
  startAt: v.window?.[0] ? fromChinaPicker(v.window[0]) : undefined,
  endAt: v.window?.[1] ? fromChinaPicker(v.window[1]) : undefined,
  sort: v.sort ?? 0,
  enabled: v.enabled,
});

/** The request's fields that the form shows elsewhere (the window, the link's parts). */
const FIELD_OF = {
  startAt: 'window',
  endAt: 'window',
  'link.navType': 'link',
  'link.subContent': 'link',
};

function initialValues(advert: Advert | null): Values {
  if (advert) {
    return {
      title: advert.title,
      position: advert.position,
      image: advert.image,
      link: { navType: advert.navType, subContent: advert.subContent },
      window: [toChinaPicker(advert.startAt), toChinaPicker(advert.endAt)],
      sort: advert.sort,
      enabled: advert.enabled,
    };
  }
  // A new slot shows from today (China) for 30 days.
  const today = chinaDayStartOf(Date.now());
  return {
    title: '',
    position: 'home_carousel',
    image: '',
    link: NO_LINK,
    window: [toChinaPicker(today), toChinaPicker(today + 30 * DAY_MS)],
    sort: 0,
    enabled: true,
  };
}

/** The form beside its phone preview (which follows the position, image and title as typed). */
function AdvertFields({ form }: { form: FormInstance<Values> }) {
  const { t } = useTranslation(DECORATE_NS);
  const position =
    (Form.useWatch('position', form) as AdvertPosition | undefined) ?? 'home_carousel';
  const image = (Form.useWatch('image', form) as string | undefined) ?? '';
  const title = (Form.useWatch('title', form) as string | undefined) ?? '';
  const size = ADVERT_POSITIONS[position];
  return (
    <div className="advert-dialog">
      <div className="advert-dialog-form">
        <Form.Item name="title" label={t('advert.name')} required>
          <Input count={{ show: true, max: ADVERT_TITLE_MAX }} />
        </Form.Item>
        <Form.Item name="position" label={t('advert.position')} required>
          <Select
            options={ADVERT_POSITION_KEYS.map((k) => ({
              value: k,
              label: t(`advert.positions.${k}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="image"
          label={t('advert.image')}
          required
          extra={t('advert.imageSize', { width: size.width, height: size.height })}
        >
          <ImageUpload label={t('advert.image')} />
        </Form.Item>
        <Form.Item name="link" label={t('advert.link')}>
          <LinkField />
        </Form.Item>
        <Form.Item name="window" label={t('advert.window')} required extra={t('advert.windowHint')}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            placeholder={[t('advert.start'), t('advert.end')]}
            style={{ width: '100%' }}
            allowEmpty={[true, true]}
          />
        </Form.Item>
        <div className="advert-dialog-row">
          <Form.Item name="sort" label={t('common.sort')} extra={t('advert.sortHint')}>
            <InputNumber min={0} max={ADVERT_SORT_MAX} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
            <Switch
              checkedChildren={t('common.enabled')}
              unCheckedChildren={t('common.disabled')}
            />
          </Form.Item>
        </div>
      </div>
      <aside className="advert-dialog-preview">
        <AdvertPreview position={position} image={image} title={title} />
      </aside>
    </div>
  );
}

/** Add or edit an ad slot (the shared form dialog, checked by the contract's schema). */
export function AdvertDialog({
  advert,
  open,
  onClose,
  onDone,
}: { advert: Advert | null; open: boolean } & DialogCallbacks) {
  const { t } = useTranslation(DECORATE_NS);
  const save = useSaveAdvert(advert?.id ?? null);
  return (
    <FormDialog<AdvertRequest, { id: number }>
      title={advert ? t('advert.editTitle') : t('advert.add')}
      open={open}
      onClose={onClose}
      onDone={() => {
        toast.success(t('common.saved'));
        onDone();
      }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      width={920}
      modalProps={{ forceRender: true, maskClosable: false }}
      name="advert"
      schema={advertSaveRequestSchema}
      adapt={{ toInput: toRequest, fieldOf: FIELD_OF }}
      initialValues={initialValues(advert)}
      mutation={save}
    >
      {(form) => <AdvertFields form={form as FormInstance<Values>} />}
    </FormDialog>
  );
}
