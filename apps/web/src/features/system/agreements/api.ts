import {
  AgreementPaths,
  type Agreement,
  type AgreementAddRequest,
  type AgreementPublic,
  type AgreementSummary,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of the agreement pages; invalidate the prefix after a change. */
export const agreementKeys = { list: ['agreement', 'list'] as const };

export const fetchAgreements = listOf<AgreementSummary>(AgreementPaths.list);

export const fetchAgreement = (id: string) =>
  api.get<Agreement>(AgreementPaths.detail, { params: { id } });

export const saveAgreement = (values: AgreementAddRequest, id: string | null) =>
  saveById<{ id: number; version: number }>(
    { add: AgreementPaths.add, update: AgreementPaths.update },
    values,
    id,
  );

export function useDeleteAgreements() {
  return useInvalidatingMutation(
    (ids: readonly number[]) =>
      api.post<{ deleted: number }>(AgreementPaths.delete, { ids: [...ids] }, { bodyType: 'json' }),
    [agreementKeys.list],
  );
}

/** The public agreement (no login); errors are shown by the page itself. */
export const fetchPublicAgreement = (code: string, signal?: AbortSignal) =>
  api.get<AgreementPublic>(AgreementPaths.info, {
    params: { code },
    auth: false,
    silent: true,
    signal,
  });

/** The public page of an agreement, for previews and links. */
export const publicAgreementUrl = (code: string) =>
  `/auth_agreement?code=${encodeURIComponent(code)}`;
