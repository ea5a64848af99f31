import { useState } from 'react';
import { Alert, Button, Popconfirm, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, relativeTime, type SessionItem } from '@health/contract';
import { localMessage } from '../../i18n/messages';
import { SESSIONS_NS } from './locales';
import { describeUserAgent } from './user-agent';

export interface SessionTableProps {
  sessions: SessionItem[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  /** End one session; leave out to show the table without the action. */
  onRevoke?: (session: SessionItem) => Promise<unknown>;
}

/** Live sessions (device, IP, signed in, last active, current marker) with "结束会话". */
export function SessionTable({ sessions, loading, error, onRetry, onRevoke }: SessionTableProps) {
  const { t } = useTranslation(SESSIONS_NS);
  const [revoking, setRevoking] = useState<number | null>(null);

  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('loadError')}
        action={
          <Button size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        }
      />
    );
  }

  const revoke = async (session: SessionItem) => {
    if (!onRevoke) return;
    setRevoking(session.id);
    try {
      await onRevoke(session);
    } catch {
      // The api client has shown the message.
    } finally {
      setRevoking(null);
    }
  };

  return (
    <Table<SessionItem>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={sessions ?? []}
      pagination={false}
      locale={{ emptyText: t('empty') }}
      scroll={{ x: 640 }}
      columns={[
        {
          title: t('device'),
          dataIndex: 'userAgent',
          render: (ua: string, s) => (
            <span>
              <Tooltip title={ua || undefined}>
                <span>{describeUserAgent(ua) || t('unknownDevice')}</span>
              </Tooltip>
              {s.current && (
                <Tag color="green" style={{ marginLeft: 8 }}>
                  {t('current')}
                </Tag>
              )}
            </span>
          ),
        },
        { title: t('ip'), dataIndex: 'ip', width: 140, render: (ip: string) => ip || '-' },
        {
          title: t('createdAt'),
          dataIndex: 'createdAt',
          width: 170,
          render: (v: number) => formatDate(v),
        },
        {
          title: t('lastSeenAt'),
          dataIndex: 'lastSeenAt',
          width: 150,
          render: (v: number) => (
            <Tooltip title={formatDate(v)}>{localMessage(relativeTime(v))}</Tooltip>
          ),
        },
        ...(onRevoke
          ? [
              {
                title: '',
                key: 'op',
                width: 100,
                render: (_: unknown, s: SessionItem) =>
                  s.current ? null : (
                    <Popconfirm title={t('revokeConfirm')} onConfirm={() => revoke(s)}>
                      <Button type="link" size="small" danger loading={revoking === s.id}>
                        {t('revoke')}
                      </Button>
                    </Popconfirm>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
