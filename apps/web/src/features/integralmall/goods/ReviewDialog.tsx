import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  GOODS_REVIEW_REMARK_MAX,
  goodsReviewRequestSchema,
  type GoodsListItem,
} from '@health/contract';
import { FormDialog, type DialogCallbacks } from '../../../shared/components/form-dialog';
import { toast } from '../../../shared/feedback/feedback';
import { INTEGRALMALL_NS } from '../locales';
import { useReviewGoods } from './api';

/** Approve a pending goods item, or reject it with a reason. */
export function ReviewDialog({
  goods,
  open,
  onClose,
  onDone,
}: { goods: GoodsListItem | null; open: boolean } & DialogCallbacks) {
  const { t } = useTranslation(INTEGRALMALL_NS);
  const review = useReviewGoods();
  return (
    <FormDialog
      title={t('review.title')}
      open={open}
      onClose={onClose}
      onDone={() => {
        toast.success(t('review.done'));
        onDone();
      }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      modalProps={{ forceRender: true }}
      name="goodsReview"
      schema={goodsReviewRequestSchema}
      adapt={{ toInput: (v: object) => ({ ...v, id: goods?.id }) }}
      initialValues={{ approved: true, remark: '' }}
      mutation={review}
      intro={
        goods ? (
          <p translate="no" style={{ fontWeight: 500 }}>
            {goods.name}
          </p>
        ) : null
      }
    >
      {(form) => (
        <>
          <Form.Item name="approved" label={t('review.result')} required>
            <Radio.Group
              options={[
                { value: true, label: t('review.approve') },
                { value: false, label: t('review.reject') },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.approved !== b.approved}>
            {() =>
              form.getFieldValue('approved') === false ? (
                <Form.Item name="remark" label={t('review.remark')} required>
                  <Input.TextArea rows={3} count={{ show: true, max: GOODS_REVIEW_REMARK_MAX }} />
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
