import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceStatus } from '@health/contract';
import { DEVICE_ENUMS_NS } from '../i18n/device-enums';

const COLORS: Record<DeviceStatus, string | undefined> = {
  in_stock: 'blue',
  bound: 'green',
  lent: 'cyan',
  returned: 'purple',
  faulty: 'orange',
  scrapped: undefined,
};

/** A device's status as a coloured tag (device pages, the member detail's devices tab). */
export function DeviceStatusTag({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation(DEVICE_ENUMS_NS);
  return <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>;
}
