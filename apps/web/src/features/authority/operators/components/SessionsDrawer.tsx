import { Drawer } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OperatorListItem } from '@health/contract';
import { toast } from '../../../../shared/feedback/feedback';
import { SessionTable, SESSIONS_NS } from '../../../../shared/components/sessions';
import { authorityKeys, revokeOperatorSession, useOperatorSessions } from '../api';
import { AUTHORITY_NS } from '../../locales';

/** An operator's live sessions with "结束会话". */
export function SessionsDrawer({
  operator,
  onClose,
}: {
  operator: OperatorListItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(AUTHORITY_NS);
  const { t: ts } = useTranslation(SESSIONS_NS);
  const queryClient = useQueryClient();
  const sessions = useOperatorSessions(operator?.id ?? null);

  return (
    <Drawer
      open={operator !== null}
      onClose={onClose}
      width={760}
      title={t('operator.sessionsTitle', { name: operator?.realName || operator?.username })}
      destroyOnHidden
    >
      <SessionTable
        sessions={sessions.data}
        loading={sessions.isFetching}
        error={sessions.isError}
        onRetry={() => void sessions.refetch()}
        onRevoke={async (s) => {
          if (!operator) return;
          await revokeOperatorSession(operator.id, s.id);
          toast.success(ts('revoked'));
          await queryClient.invalidateQueries({ queryKey: authorityKeys.sessions(operator.id) });
        }}
      />
    </Drawer>
  );
}
