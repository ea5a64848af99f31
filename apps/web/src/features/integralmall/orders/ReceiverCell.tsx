import { useState } from 'react';
import { Button, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Order, OrderReveal } from '@health/contract';
import { MALL_ORDERS_NS } from './locales';
import { revealOrder } from './api';

/** The receiver, masked until revealed (with the `reveal` action; the reveal is logged). */
export function ReceiverCell({ order, canReveal }: { order: Order; canReveal: boolean }) {
  const { t } = useTranslation(MALL_ORDERS_NS);
  const [plain, setPlain] = useState<OrderReveal | null>(null);
  if (order.goodsKind === 'service' && !order.address)
    return <Typography.Text type="secondary">{t('noShipping')}</Typography.Text>;
  const shown = plain ?? order;
  return (
    <div style={{ minWidth: 160, maxWidth: 260 }}>
      <span translate="no" style={{ whiteSpace: 'nowrap' }}>
        {shown.receiver} <Typography.Text type="secondary">{shown.phone}</Typography.Text>
      </span>
      {canReveal && !plain && (
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          onClick={() =>
            void revealOrder(order.id)
              .then(setPlain)
              .catch(() => undefined)
          }
          data-testid="order-reveal"
        >
          {t('reveal')}
        </Button>
      )}
      <br />
      <Typography.Text type="secondary" translate="no" style={{ wordBreak: 'break-all' }}>
        {shown.address}
      </Typography.Text>
    </div>
  );
}
