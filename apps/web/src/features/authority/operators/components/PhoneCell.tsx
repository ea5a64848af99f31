import { useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { revealOperatorPhone } from '../api';
import { AUTHORITY_NS } from '../../locales';

/** A masked phone with an eye that reveals the plain number once (the reveal is logged). */
export function PhoneCell({
  id,
  masked,
  canReveal,
}: {
  id: number;
  masked: string;
  canReveal: boolean;
}) {
  const { t } = useTranslation(AUTHORITY_NS);
  const [plain, setPlain] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  if (!masked) return <span>-</span>;
  if (plain !== null) {
    return (
      <Tooltip title={t('operator.revealed')}>
        <span>{plain}</span>
      </Tooltip>
    );
  }
  const reveal = async () => {
    setLoading(true);
    try {
      setPlain((await revealOperatorPhone(id)).phone);
    } catch {
      // The api client has shown the message.
    } finally {
      setLoading(false);
    }
  };
  return (
    <Space size={2}>
      <span>{masked}</span>
      {canReveal && (
        <Tooltip title={t('operator.reveal')}>
          <Button
            type="text"
            size="small"
            icon={<EyeOutlined />}
            loading={loading}
            aria-label={t('operator.reveal')}
            onClick={() => void reveal()}
          />
        </Tooltip>
      )}
    </Space>
  );
}
