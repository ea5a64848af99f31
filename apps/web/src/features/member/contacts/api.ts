import { type ContactItem, type ContactInput, ContactPaths } from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of family members (contacts). */
export const contactKeys = { all: ['member', 'contacts'] as const };

export const fetchContacts = listOf<ContactItem>(ContactPaths.list);

export const revealContactPhone = (id: number) =>
  api.post<{ phone: string }>(ContactPaths.revealPhone, { id }).then((r) => r.phone);

/** Add a contact to a member ({ memberId }) or update one ({ id }). */
export function useSaveContact(target: { id: number } | { memberId: number }) {
  return useInvalidatingMutation(
    (values: ContactInput) =>
      'id' in target
        ? api.post<{ id: number }>(ContactPaths.update, { ...values, id: target.id } as never, {
            bodyType: 'json',
          })
        : api.post<{ id: number }>(
            ContactPaths.add,
            { ...values, memberId: target.memberId } as never,
            { bodyType: 'json' },
          ),
    [contactKeys.all],
  );
}

export function useDeleteContact() {
  return useInvalidatingMutation(
    (id: number) => api.post<null>(ContactPaths.delete, { id }),
    [contactKeys.all],
  );
}
