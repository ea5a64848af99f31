import { UserOutlined } from '@ant-design/icons';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Col,
  Descriptions,
  Row,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { SessionTable, SESSIONS_NS } from '../../../shared/components/sessions';
import { toast } from '../../../shared/feedback/feedback';
import { useMySessions, useRevokeMySession, useUserInfo } from './api';
import { ChangePasswordForm } from './components/ChangePasswordForm';

/** /profile/index: the operator's own information, a password change and live sessions. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(SESSIONS_NS);
  const info = useUserInfo();
  const u = info.data;
  const sessions = useMySessions();
  const revokeMySession = useRevokeMySession().mutateAsync;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10} xl={9}>
        <Card title={t('profile.info')}>
          {info.isPending ? (
            <Skeleton avatar active paragraph={{ rows: 4 }} />
          ) : info.isError || !u ? (
            <Alert
              type="error"
              showIcon
              message={t('profile.loadError')}
              action={
                <Button size="small" onClick={() => void info.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            />
          ) : (
            <>
              <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 20 }}>
                <Avatar
                  size={64}
                  src={u.avatar || undefined}
                  icon={<UserOutlined />}
                  alt={u.name}
                />
                <div>
                  <Typography.Title level={4} style={{ margin: 0 }}>
                    {u.name || u.username}
                  </Typography.Title>
                  <Typography.Text type="secondary">{u.groupName}</Typography.Text>
                </div>
              </div>
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label={t('profile.username')}>{u.username}</Descriptions.Item>
                <Descriptions.Item label={t('profile.name')}>{u.name || '-'}</Descriptions.Item>
                <Descriptions.Item label={t('profile.group')}>
                  {u.groupName || '-'}
                </Descriptions.Item>
                <Descriptions.Item label={t('profile.staffRole')}>
                  {t(`staffRole.${u.staffRole}`)}
                </Descriptions.Item>
                <Descriptions.Item label={t('profile.roles')}>
                  {u.roles.map((r) => (
                    <Tag key={r}>{r}</Tag>
                  ))}
                </Descriptions.Item>
                <Descriptions.Item label={t('profile.introduction')}>
                  {u.introduction || '-'}
                </Descriptions.Item>
              </Descriptions>
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={14} xl={15}>
        <Card title={t('profile.security')}>
          <Typography.Paragraph type="secondary">{t('profile.securityTip')}</Typography.Paragraph>
          <div style={{ maxWidth: 420 }}>
            <ChangePasswordForm />
          </div>
        </Card>
      </Col>
      <Col span={24}>
        <Card title={ts('myTitle')}>
          <Typography.Paragraph type="secondary">{ts('myTip')}</Typography.Paragraph>
          <SessionTable
            sessions={sessions.data}
            loading={sessions.isFetching}
            error={sessions.isError}
            onRetry={() => void sessions.refetch()}
            onRevoke={async (s) => {
              await revokeMySession(s.id);
              toast.success(ts('revoked'));
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}
