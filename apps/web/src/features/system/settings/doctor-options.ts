import { useQuery } from '@tanstack/react-query';
import { SettingsPaths, type DoctorOption } from '@health/contract';
import { api } from '../../../shared/api/client';

/** Enabled doctors who can take consultations (conversation_set). */
export function useDoctorOptions() {
  return useQuery({
    queryKey: ['system', 'doctorOptions'],
    queryFn: () =>
      api.get<{ list: DoctorOption[] }>(SettingsPaths.doctorOptions).then((d) => d.list),
  });
}
