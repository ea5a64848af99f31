import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/feedback/feedback';
import { MEMBER_ADMIN_NS } from './admin-locales';

/**
 * The FormDialog props the add/edit dialogs of the member admin pages share: OK and Cancel, the
 * form kept mounted, and on success the "saved" toast, then `onDone`.
 */
export function useEditDialogProps(onDone: () => void) {
  const { t } = useTranslation(MEMBER_ADMIN_NS);
  return {
    okText: t('common.ok'),
    cancelText: t('common.cancel'),
    modalProps: { forceRender: true },
    onDone: () => {
      toast.success(t('common.saved'));
      onDone();
    },
  };
}
