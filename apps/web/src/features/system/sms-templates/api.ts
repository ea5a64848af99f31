import {
  SmsPaths,
  type SmsOutboxEntry,
  type SmsTemplate,
  type SmsTemplateAddRequest,
  type SmsTestSendResult,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of the SMS page; invalidate the prefix after a change. */
export const smsKeys = {
  templates: ['system', 'sms', 'templates'] as const,
  outbox: ['system', 'sms', 'outbox'] as const,
};

export const fetchSmsTemplates = listOf<SmsTemplate>(SmsPaths.list);
export const fetchSmsOutbox = listOf<SmsOutboxEntry>(SmsPaths.outboxList);

export function useSaveSmsTemplate(id: number | null) {
  return useInvalidatingMutation(
    (values: SmsTemplateAddRequest) =>
      saveById({ add: SmsPaths.add, update: SmsPaths.update }, values, id),
    [smsKeys.templates],
  );
}

export function useSetSmsTemplateEnabled() {
  return useInvalidatingMutation(
    ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.post<{ id: number }>(SmsPaths.enable, { id, enabled }, { bodyType: 'json' }),
    [smsKeys.templates],
  );
}

export function useDeleteSmsTemplates() {
  return useInvalidatingMutation(
    (ids: readonly number[]) =>
      api.post<{ deleted: number }>(SmsPaths.delete, { ids: [...ids] }, { bodyType: 'json' }),
    [smsKeys.templates],
  );
}

/** Send a template to a phone; the outbox shows it. */
export function useTestSendSms(id: number) {
  return useInvalidatingMutation(
    ({ phone, params }: { phone: string; params?: Record<string, string> }) =>
      api.post<SmsTestSendResult>(
        SmsPaths.testSend,
        { id, phone, params: params ?? {} },
        { bodyType: 'json' },
      ),
    [smsKeys.outbox],
  );
}
