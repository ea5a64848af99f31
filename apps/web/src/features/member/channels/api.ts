import { useQuery } from '@tanstack/react-query';
import {
  MemberAdminPaths as P,
  type ChannelOption,
  type ChannelQrcode,
  type ChannelSaveRequest,
  type MemberChannel,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of channels; invalidate the prefix after a change. */
export const channelKeys = {
  all: ['member', 'channels'] as const,
  options: ['member', 'channels', 'options'] as const,
};

export const fetchChannels = listOf<MemberChannel>(P.channelList);

export const fetchChannelQrcode = (id: number) =>
  api.get<ChannelQrcode>(P.channelQrcode, { params: { id } });

export function useChannelOptions() {
  return useQuery({
    queryKey: channelKeys.options,
    queryFn: () => api.get<ChannelOption[]>(P.channelOptions),
    staleTime: 60_000,
  });
}

export function useSaveChannel(id: number | null) {
  return useInvalidatingMutation(
    (values: ChannelSaveRequest) =>
      saveById({ add: P.channelAdd, update: P.channelUpdate }, values, id),
    [channelKeys.all],
  );
}

export function useDeleteChannel() {
  return useInvalidatingMutation(
    (id: number) => api.post<{ id: number }>(P.channelDelete, { id }),
    [channelKeys.all],
  );
}
