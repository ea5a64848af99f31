import { useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MEMBER_NS } from '../../locales';

/** A masked value with an eye that reveals the plain value once (each reveal is logged). */
export function RevealText({
  masked,
  canReveal,
  reveal,
  testId,
}: {
  masked: string;
  canReveal: boolean;
  reveal: () => Promise<string>;
  testId?: string;
}) {
  const { t } = useTranslation(MEMBER_NS);
  const [plain, setPlain] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  if (!masked) return <span>-</span>;
  if (plain !== null) {
    return (
      <Tooltip title={t('reveal.done')}>
        <span data-testid={testId}>{plain}</span>
      </Tooltip>
    );
  }
  const onReveal = async () => {
    setLoading(true);
    try {
      setPlain(await reveal());
    } catch {
      // The api client has shown the message.
    } finally {
      setLoading(false);
    }
  };
  return (
    <Space size={2}>
      <span data-testid={testId}>{masked}</span>
      {canReveal && (
        <Tooltip title={t('reveal.action')}>
          <Button
            type="text"
            size="small"
            icon={<EyeOutlined />}
            loading={loading}
            aria-label={t('reveal.action')}
            onClick={() => void onReveal()}
          />
        </Tooltip>
      )}
    </Space>
  );
}
