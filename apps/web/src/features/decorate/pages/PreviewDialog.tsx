import { memo, useEffect, useState } from 'react';
import { Alert, Button, Modal, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatChinaDate, type PreviewLink } from '@health/contract';
import { toast } from '../../../shared/feedback/feedback';
import { DECORATE_NS } from '../locales';
import { makePreviewLink, useRevokePreview } from './api';

/**
 * 预览: a QR code and a link that open the page's current draft on a real phone without a login,
 * pinned to the draft as it is now and expiring (30 minutes); 撤销 stops every link of the page.
 */
export const PreviewDialog = memo(function PreviewDialog({
  pageId,
  canRevoke,
  onClose,
}: {
  /** The page whose draft to preview; null: closed. */
  pageId: number | null;
  canRevoke: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const [link, setLink] = useState<PreviewLink | null>(null);
  const [failed, setFailed] = useState(false);
  const [revoked, setRevoked] = useState(false);
  const revoke = useRevokePreview();

  useEffect(() => {
    setLink(null);
    setFailed(false);
    setRevoked(false);
    if (pageId === null) return;
    let live = true;
    makePreviewLink(pageId)
      .then((made) => live && setLink(made))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [pageId]);

  const url = link ? `${window.location.origin}${link.url}` : '';
  // The link carries the address the back office is open at: a phone cannot open this machine's.
  const localOnly = /^(localhost|127(\.\d+){3}|\[::1\])$/.test(window.location.hostname);
  return (
    <Modal
      open={pageId !== null}
      title={t('page.preview.title')}
      onCancel={onClose}
      footer={null}
      width={420}
      destroyOnHidden
    >
      {failed && <Alert type="error" showIcon message={t('page.preview.failed')} />}
      {link && (
        <Space
          direction="vertical"
          align="center"
          style={{ width: '100%' }}
          data-testid="preview-link"
        >
          {localOnly && !revoked && (
            <Alert type="warning" showIcon message={t('page.preview.localOnly')} />
          )}
          <QRCode value={url} size={200} status={revoked ? 'expired' : 'active'} />
          <Typography.Text type="secondary">
            {revoked
              ? t('page.preview.revoked')
              : t('page.preview.expires', { time: formatChinaDate(link.expiresAt, '{h}:{i}') })}
          </Typography.Text>
          <Typography.Paragraph
            copyable={{ text: url, onCopy: () => toast.success(t('page.preview.copied')) }}
            style={{ wordBreak: 'break-all', marginBottom: 0 }}
          >
            <a href={url} target="_blank" rel="noreferrer" data-testid="preview-url">
              {t('page.preview.open')}
            </a>
          </Typography.Paragraph>
          {canRevoke && !revoked && (
            <Button
              danger
              loading={revoke.isPending}
              onClick={() =>
                void revoke.mutateAsync({ id: pageId! }).then((r) => {
                  setRevoked(true);
                  toast.success(t('page.preview.revokedCount', { count: r.revoked }));
                })
              }
            >
              {t('page.preview.revoke')}
            </Button>
          )}
        </Space>
      )}
    </Modal>
  );
});
