import { MemberPaths, type ContactItem, type ContactInput } from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of family members (contacts). */
export const contactKeys = { all: ['member', 'contacts'] as const };

export const fetchContacts = listOf<ContactItem>(MemberPaths.contactList);

export const revealContactPhone = (id: number) =>
  api.post<{ phone: string }>(MemberPaths.contactRevealPhone, { id }).then((r) => r.phone);

/** Add a contact to a member ({ memberId }) or update one ({ id }). */
export function useSaveContact(target: { id: number } | { memberId: number }) {
  return useInvalidatingMutation(
    (values: ContactInput) =>
      'id' in target
        ? api.post<{ id: number }>(
            MemberPaths.contactUpdate,
            { ...values, id: target.id } as never,
            { bodyType: 'json' },
          )
        : api.post<{ id: number }>(
            MemberPaths.contactAdd,
            { ...values, memberId: target.memberId } as never,
            { bodyType: 'json' },
          ),
    [contactKeys.all],
  );
}

export function useDeleteContact() {
  return useInvalidatingMutation(
    (id: number) => api.post<null>(MemberPaths.contactDelete, { id }),
    [contactKeys.all],
  );
}
