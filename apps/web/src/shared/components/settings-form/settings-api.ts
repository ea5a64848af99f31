import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SettingsPaths,
  type SettingInfo,
  type SettingsSection,
  type SettingsValue,
} from '@health/contract';
import { api } from '../../api/client';

export const settingsKeys = {
  section: (section: SettingsSection) => ['settings', 'section', section] as const,
  /** Queries that hang off a section and change when it is saved (预警配置's rule versions). */
  dependents: (section: SettingsSection) => ['settings', 'dependents', section] as const,
};

export function fetchSettings<S extends SettingsSection>(section: S): Promise<SettingInfo<S>> {
  return api.get<SettingInfo<S>>(SettingsPaths.info, { params: { section } });
}

export function useSettingsSection<S extends SettingsSection>(section: S) {
  return useQuery({
    queryKey: settingsKeys.section(section),
    queryFn: () => fetchSettings(section),
    // The form is the working copy: a refetch on focus must not overwrite the operator's edits.
    refetchOnWindowFocus: false,
  });
}

export function useSaveSettings<S extends SettingsSection>(section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: SettingsValue<S>) =>
      api.post<SettingInfo<S>>(SettingsPaths.update, { section, value }, { bodyType: 'json' }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.section(section), saved);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.dependents(section) });
    },
  });
}
