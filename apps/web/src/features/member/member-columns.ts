import type { TFunction } from 'i18next';
import type { ListColumn } from '../../shared/components/list-page';

/**
 * The member's name and masked phone, each also a filter of the list: the first two columns of
 * the member logs (grade log, action log, log-off requests). `t` is the memberAdmin namespace's.
 */
export function memberColumns<T>(t: TFunction, nameWidth?: number): ListColumn<T>[] {
  return [
    {
      title: t('common.member'),
      dataIndex: 'memberName',
      ...(nameWidth ? { width: nameWidth } : {}),
      search: { type: 'text', name: 'name', label: t('common.name') },
    },
    {
      title: t('common.phone'),
      dataIndex: 'memberPhone',
      width: 130,
      search: { type: 'text', name: 'phone' },
      render: (v: string) => v || '-',
    },
  ];
}
