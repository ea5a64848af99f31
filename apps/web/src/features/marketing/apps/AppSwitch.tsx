import { Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsPageOf, type AppKey } from '@health/contract';
import { toast } from '../../../shared/feedback/feedback';
import {
  useSaveSettings,
  useSettingsSection,
} from '../../../shared/components/settings-form/settings-api';
import { usePageActions } from '../../../shared/stores/permission';
import { MARKETING_NS } from '../locales';
import { appCenterKeys } from './api';

/**
 * An app's on/off switch: saves its settings section with `enabled` flipped (the settings API
 * checks the section page's edit action; the switch is offered only with it).
 */
export function AppSwitch(props: {
  section: 'sign' | 'conversation_set';
  appKey: AppKey;
  name: string;
  enabled: boolean;
}) {
  const { t } = useTranslation(MARKETING_NS);
  const canEdit = (usePageActions(settingsPageOf(props.section)) as readonly string[]).includes(
    'edit',
  );
  const settings = useSettingsSection(props.section);
  const save = useSaveSettings(props.section);
  const queryClient = useQueryClient();
  if (!canEdit) return null;
  return (
    <Switch
      aria-label={t('switchLabel', { name: props.name })}
      checked={props.enabled}
      loading={save.isPending || settings.isLoading}
      disabled={!settings.data}
      data-testid={`app-switch-${props.appKey}`}
      onChange={async (checked) => {
        if (!settings.data) return;
        try {
          await save.mutateAsync({ ...settings.data.value, enabled: checked } as never);
          toast.success(t(checked ? 'turnedOn' : 'turnedOff', { name: props.name }));
        } catch {
          // Toasted by the api client.
        } finally {
          await queryClient.invalidateQueries({ queryKey: appCenterKeys.all });
        }
      }}
    />
  );
}
