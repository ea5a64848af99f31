import {
  SmsPaths,
  type Page,
  type SmsOutboxEntry,
  type SmsTemplate,
  type SmsTemplateAddRequest,
  type SmsTestSendResult,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import type { ListParams } from '../../../shared/components/list-page';

/** Query keys of the SMS page; invalidate the prefix after a change. */
export const smsKeys = {
  templates: ['system', 'sms', 'templates'] as const,
  outbox: ['system', 'sms', 'outbox'] as const,
};

export const fetchSmsTemplates = (params: ListParams) =>
  api.get<Page<SmsTemplate>>(SmsPaths.list, { params });

export const fetchSmsOutbox = (params: ListParams) =>
  api.get<Page<SmsOutboxEntry>>(SmsPaths.outboxList, { params });

export function saveSmsTemplate(values: SmsTemplateAddRequest, id: number | null) {
  return id
    ? api.post<{ id: number }>(SmsPaths.update, { ...values, id }, { bodyType: 'json' })
    : api.post<{ id: number }>(SmsPaths.add, values, { bodyType: 'json' });
}

export const setSmsTemplateEnabled = (id: number, enabled: boolean) =>
  api.post<{ id: number }>(SmsPaths.enable, { id, enabled }, { bodyType: 'json' });

export const deleteSmsTemplates = (ids: readonly number[]) =>
  api.post<{ deleted: number }>(SmsPaths.delete, { ids: [...ids] }, { bodyType: 'json' });

export const testSendSms = (id: number, phone: string, params: Record<string, string>) =>
  api.post<SmsTestSendResult>(SmsPaths.testSend, { id, phone, params }, { bodyType: 'json' });
