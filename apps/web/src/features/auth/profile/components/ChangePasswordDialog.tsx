import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The change-password dialog opened from the user dropdown. */
export default function ChangePasswordDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('password.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      maskClosable={false}
      width={440}
    >
      <ChangePasswordForm onCancel={onClose} />
    </Modal>
  );
}
