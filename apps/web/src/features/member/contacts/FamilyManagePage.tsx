import { useTranslation } from 'react-i18next';
import { usePageActions } from '../../../shared/stores/permission';
import { ContactsTable } from './components/ContactsTable';
import { MEMBER_NS } from '../locales';
import { useFrontPath } from '../../../shared/routing/route-handle';

/** 家庭成员管理: every member's family members, with filters. */
export default function FamilyManagePage() {
  const { t } = useTranslation(MEMBER_NS);
  const actions = usePageActions(useFrontPath<'contacts'>());
  return (
    <ContactsTable
      canEdit={actions.includes('edit')}
      canReveal={actions.includes('reveal')}
      canExport={actions.includes('export')}
      headerTitle={t('contact.manageTitle')}
    />
  );
}
