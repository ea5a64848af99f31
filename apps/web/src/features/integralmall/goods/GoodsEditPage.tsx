import { Alert, Divider, Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  GOODS_IMAGES_MAX,
  GOODS_NAME_MAX,
  goodsSaveRequestSchema,
  goodsSavedMessage,
  type Goods,
  type GoodsSaveRequest,
  PAGES,
} from '@health/contract';
import { EditPage } from '../../../shared/components/edit-page';
import { YuanInput } from '../../../shared/components/form-fields/fields';
import { RichTextEditor } from '../../../shared/components/rich-text/RichTextEditor';
import { ImageListUpload } from '../../../shared/components/upload';
import { localMessage } from '../../../shared/i18n/messages';
import { usePageActions } from '../../../shared/stores/permission';
import { packageTypeKeys, usePackageTypeOptions } from '../package-types/api';
import { KIND_COLORS } from '../package-types/kinds';
import { INTEGRALMALL_NS } from '../locales';
import { fetchGoods, goodsKeys, saveGoods } from './api';

type Values = GoodsSaveRequest;

const EMPTY: Partial<Values> = {
  name: '',
  images: [],
  pointsPrice: undefined,
  cashFen: undefined,
  stock: 0,
  limitPerMember: 0,
  description: '',
  sort: 0,
  onShelf: false,
};

/** /integralmall/edit (hidden) 新增商品 / 编辑商品: images, prices, stock, type, rich text. */
export default function GoodsEditPage() {
  const { t } = useTranslation(INTEGRALMALL_NS);
  const actions = usePageActions(PAGES.goods);
  const [search] = useSearchParams();
  const isNew = !search.get('id');
  const canSave = actions.includes(isNew ? 'add' : 'edit');
  const types = usePackageTypeOptions();

  return (
    <EditPage<Goods, Values>
      queryKey={goodsKeys.all}
      load={fetchGoods}
      toValues={(g) => ({
        name: g.name,
        images: g.images,
        pointsPrice: g.pointsPrice,
        cashFen: g.cashFen,
        stock: g.stock,
        limitPerMember: g.limitPerMember,
        packageTypeId: g.packageTypeId ?? undefined,
        description: g.description,
        sort: g.sort,
        onShelf: g.onShelf,
      })}
      initialValues={EMPTY}
      schema={goodsSaveRequestSchema}
      submit={async (values, { id, record }) => {
        // The stock the form showed: the server applies the difference (orders take stock too).
        const saved = await saveGoods(values, id, record?.stock);
        return localMessage(goodsSavedMessage(saved));
      }}
      invalidate={[goodsKeys.all, packageTypeKeys.all]}
      title={{ add: t('goods.addTitle'), edit: t('goods.editTitle') }}
      readOnly={!canSave}
      formProps={{ wrapperCol: { flex: 'minmax(0, 900px)' } }}
    >
      {({ record, isNew: adding }) => (
        <>
          {record?.reviewStatus === 'pending' && (
            <Alert
              type="info"
              showIcon
              message={t('goods.pendingHint')}
              style={{ marginBottom: 16 }}
            />
          )}
          {record?.reviewStatus === 'rejected' && (
            <Alert
              type="warning"
              showIcon
              message={t('goods.rejectedHint', { remark: record.reviewRemark })}
              style={{ marginBottom: 16 }}
            />
          )}
          <Form.Item name="name" label={t('goods.name')} required>
            <Input count={{ show: true, max: GOODS_NAME_MAX }} />
          </Form.Item>
          <Form.Item name="images" label={t('goods.images')} required>
            <ImageListUpload max={GOODS_IMAGES_MAX} label={t('goods.images')} disabled={!canSave} />
          </Form.Item>
          <Form.Item name="packageTypeId" label={t('goods.packageType')} required>
            <Select
              loading={types.isPending}
              style={{ maxWidth: 360 }}
              showSearch
              optionFilterProp="title"
              options={(types.data ?? [])
                .filter((o) => o.enabled || o.id === record?.packageTypeId)
                .map((o) => ({
                  value: o.id,
                  title: o.name,
                  label: (
                    <span>
                      <span translate="no">{o.name}</span>{' '}
                      <Tag color={KIND_COLORS[o.kind]} style={{ marginLeft: 4 }}>
                        {t(`packageKind.${o.kind}`)}
                      </Tag>
                    </span>
                  ),
                }))}
            />
          </Form.Item>
          <Divider orientation="left" orientationMargin={0}>
            {t('goods.priceAndStock')}
          </Divider>
          <Form.Item name="pointsPrice" label={t('goods.pointsPrice')} required>
            <InputNumber
              precision={0}
              min={1}
              addonAfter={t('common.points')}
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item name="cashFen" label={t('goods.cashPrice')} extra={t('goods.cashHint')}>
            <YuanInput suffix={t('common.yuan')} disabled={!canSave} />
          </Form.Item>
          <Form.Item
            name="stock"
            label={t('goods.stock')}
            required
            extra={adding ? undefined : t('goods.stockHint')}
          >
            <InputNumber precision={0} min={0} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item
            name="limitPerMember"
            label={t('goods.limitPerMember')}
            extra={t('goods.limitHint')}
          >
            <InputNumber precision={0} min={0} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="sort" label={t('goods.sort')} extra={t('common.sortHint')}>
            <InputNumber precision={0} min={0} style={{ width: 220 }} />
          </Form.Item>
          {adding && actions.includes('shelf') && (
            <Form.Item
              name="onShelf"
              label={t('goods.onShelfNow')}
              valuePropName="checked"
              extra={t('goods.onShelfHint')}
            >
              <Switch />
            </Form.Item>
          )}
          <Form.Item name="description" label={t('goods.description')}>
            <RichTextEditor disabled={!canSave} aria-label={t('goods.description')} />
          </Form.Item>
        </>
      )}
    </EditPage>
  );
}
