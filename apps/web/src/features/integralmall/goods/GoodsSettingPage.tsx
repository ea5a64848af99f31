import { Divider, Form, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { GOODS_DEFAULT_SORTS, GOODS_LOW_STOCK_MAX } from '@health/contract';
import { SettingsForm } from '../../../shared/components/settings-form';
import { INTEGRALMALL_NS } from '../locales';

/** /manage_product/goods_setting 商品设置: review before listing, low stock, order, sold out. */
export default function GoodsSettingPage() {
  const { t } = useTranslation(INTEGRALMALL_NS);
  return (
    <SettingsForm section="goods_set">
      {({ canEdit }) => (
        <>
          <Divider orientation="left" orientationMargin={0}>
            {t('setting.review')}
          </Divider>
          <Form.Item
            name="reviewRequired"
            label={t('setting.reviewRequired')}
            valuePropName="checked"
            extra={t('setting.reviewHint')}
          >
            <Switch
              disabled={!canEdit}
              checkedChildren={t('setting.on')}
              unCheckedChildren={t('setting.off')}
            />
          </Form.Item>
          <Divider orientation="left" orientationMargin={0}>
            {t('setting.stock')}
          </Divider>
          <Form.Item
            name="lowStockThreshold"
            label={t('setting.lowStockThreshold')}
            required
            extra={t('setting.lowStockHint')}
          >
            <InputNumber
              precision={0}
              min={0}
              max={GOODS_LOW_STOCK_MAX}
              addonAfter={t('setting.pieces')}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Divider orientation="left" orientationMargin={0}>
            {t('setting.display')}
          </Divider>
          <Form.Item
            name="defaultSort"
            label={t('setting.defaultSort')}
            required
            extra={t('setting.defaultSortHint')}
          >
            <Radio.Group
              options={GOODS_DEFAULT_SORTS.map((v) => ({ value: v, label: t(`defaultSort.${v}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="showSoldOut"
            label={t('setting.showSoldOut')}
            valuePropName="checked"
            extra={t('setting.showSoldOutHint')}
          >
            <Switch
              disabled={!canEdit}
              checkedChildren={t('setting.on')}
              unCheckedChildren={t('setting.off')}
            />
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
