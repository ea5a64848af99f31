import {
  AgreementPaths,
  type Agreement,
  type AgreementAddRequest,
  type AgreementPublic,
  type AgreementSummary,
  type Page,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import type { ListParams } from '../../../shared/components/list-page';

/** Query keys of the agreement pages; invalidate the prefix after a change. */
export const agreementKeys = { list: ['agreement', 'list'] as const };

export const fetchAgreements = (params: ListParams) =>
  api.get<Page<AgreementSummary>>(AgreementPaths.list, { params });

export const fetchAgreement = (id: string) =>
  api.get<Agreement>(AgreementPaths.detail, { params: { id } });

export function saveAgreement(values: AgreementAddRequest, id: string | null) {
  return id
    ? api.post<{ id: number; version: number }>(
        AgreementPaths.update,
        { ...values, id: Number(id) },
        { bodyType: 'json' },
      )
    : api.post<{ id: number; version: number }>(AgreementPaths.add, values, { bodyType: 'json' });
}

export const deleteAgreements = (ids: readonly number[]) =>
  api.post<{ deleted: number }>(AgreementPaths.delete, { ids: [...ids] }, { bodyType: 'json' });

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
