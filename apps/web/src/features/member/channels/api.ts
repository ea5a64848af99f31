import { useQuery } from '@tanstack/react-query';
import {
  type ChannelOption,
  type ChannelQrcode,
  type ChannelSaveRequest,
  type MemberChannel,
  ChannelPaths,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of channels; invalidate the prefix after a change. */
export const channelKeys = entityKeys('member', 'channels');

export const fetchChannels = listOf<MemberChannel>(ChannelPaths.list);

export const fetchChannelQrcode = (id: number) =>
  api.get<ChannelQrcode>(ChannelPaths.qrcode, { params: { id } });

export function useChannelOptions() {
  return useQuery({
    queryKey: channelKeys.options,
    queryFn: () => api.get<ChannelOption[]>(ChannelPaths.options),
    staleTime: 60_000,
  });
}

export function useSaveChannel(id: number | null) {
  return useInvalidatingMutation(
    (values: ChannelSaveRequest) =>
      saveById({ add: ChannelPaths.add, update: ChannelPaths.update }, values, id),
    [channelKeys.all],
  );
}

export function useDeleteChannel() {
  return useInvalidatingMutation(
    (id: number) => api.post<{ id: number }>(ChannelPaths.delete, { id }),
    [channelKeys.all],
  );
}
