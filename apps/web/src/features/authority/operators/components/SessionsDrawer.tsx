import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OperatorListItem } from '@health/contract';
import { toast } from '../../../../shared/feedback/feedback';
import { SessionTable, SESSIONS_NS } from '../../../../shared/components/sessions';
import { useOperatorSessions, useRevokeOperatorSession } from '../api';
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
  const sessions = useOperatorSessions(operator?.id ?? null);
  const revoke = useRevokeOperatorSession(operator?.id ?? 0);

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
          await revoke.mutateAsync(s.id);
          toast.success(ts('revoked'));
        }}
      />
    </Drawer>
  );
}
