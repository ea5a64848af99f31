import { Card, Col, Empty, Row, Skeleton, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  APPS,
  findPage,
  formatChinaDate,
  METRICS,
  type AppCard,
  type AppKey,
  type MetricKey,
} from '@health/contract';
import { LinkButton } from '../../../shared/components/LinkButton';
import { localTitle } from '../../../shared/i18n';
import { usePermissionStore } from '../../../shared/stores/permission';
import { MARKETING_NS } from '../locales';
import { useAppCenter } from './api';
import { AppSwitch } from './AppSwitch';

/** One app: on or off (with its switch), its number today, and links to the pages it is run from. */
function AppTile({ card }: { card: AppCard }) {
  const { t, i18n } = useTranslation(MARKETING_NS);
  const en = i18n.language === 'en-US';
  const key = card.key as AppKey;
  const app = APPS[key];
  const name = en ? app.nameEn : app.name;
  const routes = usePermissionStore((s) => s.routes);
  const links = app.pages.filter((p) => routes.some((r) => r.path === p));
  const metric = card.metric ? METRICS[card.metric as MetricKey] : null;
  return (
    <Card
      title={name}
      data-testid={`app-${key}`}
      extra={
        <Space>
          <Tag color={card.enabled === false ? 'default' : 'green'}>
            {card.enabled === null ? t('noSwitch') : card.enabled ? t('on') : t('off')}
          </Tag>
          {card.enabled !== null && 'settings' in app && (
            <AppSwitch section={app.settings} appKey={key} name={name} enabled={card.enabled} />
          )}
        </Space>
      }
      style={{ height: '100%' }}
    >
      <Typography.Paragraph type="secondary">
        {en ? app.descriptionEn : app.description}
      </Typography.Paragraph>
      {metric && card.today !== null && (
        <Statistic
          title={
            <Tooltip title={en ? metric.definitionEn : metric.definition}>
              <span tabIndex={0} style={{ cursor: 'help' }}>
                {t('today', { metric: en ? metric.nameEn : metric.name })}{' '}
                <QuestionCircleOutlined />
              </span>
            </Tooltip>
          }
          value={card.today}
          suffix={(en ? metric.unitEn : metric.unit) || undefined}
        />
      )}
      <Space wrap size={[0, 4]} style={{ marginTop: 8 }}>
        {links.map((path) => {
          const page = findPage(path);
          return (
            <LinkButton key={path} to={path} style={{ paddingInline: 0, marginRight: 16 }}>
              {page ? localTitle(page, i18n.language) : path}
            </LinkButton>
          );
        })}
      </Space>
    </Card>
  );
}

/**
 * /marketing_app/center 应用中心: the platform's apps the operator may open — each on or off (its
 * switch where it has one and the operator may change its settings), its number today from the
 * statistics glossary, and links to its pages.
 */
export default function AppCenterPage() {
  const { t } = useTranslation(MARKETING_NS);
  const answer = useAppCenter().data;
  if (!answer)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (answer.apps.length === 0)
    return (
      <Card>
        <Empty description={t('empty')} />
      </Card>
    );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Text type="secondary" data-testid="apps-as-of">
        {t('asOf', { time: formatChinaDate(answer.asOf, '{h}:{i}') })}
      </Typography.Text>
      <Row gutter={[16, 16]}>
        {answer.apps.map((card) => (
          <Col key={card.key} xs={24} md={12} xl={8}>
            <AppTile card={card} />
          </Col>
        ))}
      </Row>
    </Space>
  );
}
