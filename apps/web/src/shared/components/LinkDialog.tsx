import { CopyOutlined } from '@ant-design/icons';
import { Button, Input, Modal, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../feedback/feedback';
import { copyText } from '../utils/clipboard';

/**
 * A link to hand to someone (a member's report link): shown whole, as a QR code to scan with a
 * phone, and with a copy button that says whether it copied — the clipboard API is missing on a
 * plain-HTTP address, where the text can still be selected and copied by hand.
 */
export function LinkDialog({
  url,
  title,
  note,
  onClose,
}: {
  /** The absolute URL; null: closed. */
  url: string | null;
  title: string;
  /** A line under the link (e.g. until when it is valid). */
  note?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    if (url && (await copyText(url))) toast.success(t('common.copied'));
    else toast.error(t('common.copyFailed'));
  };
  return (
    <Modal
      open={url !== null}
      title={title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
      destroyOnHidden
    >
      {url && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <div style={{ display: 'flex', justifyContent: 'center' }}>
            <QRCode value={url} size={184} bordered={false} data-testid="link-qr" />
          </div>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={url}
              data-testid="link-url"
              translate="no"
              onFocus={(e) => e.target.select()}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('common.copy')}
            </Button>
          </Space.Compact>
          {note && <Typography.Text type="secondary">{note}</Typography.Text>}
        </Space>
      )}
    </Modal>
  );
}
