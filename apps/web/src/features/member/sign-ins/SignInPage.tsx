import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../../shared/utils/dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  formatDate,
  SIGN_STREAK_REWARDS_MAX,
  signCheckInRequestSchema,
  SignPaths,
  type SignRecord,
} from '@health/contract';
import {
  exportIf,
  ListPage,
  type ListColumn,
  type ListPageAction,
} from '../../../shared/components/list-page';
import { MemberCell } from '../member-cell';
import { SettingsForm } from '../../../shared/components/settings-form';
import { toast } from '../../../shared/feedback/feedback';
import { usePageActions } from '../../../shared/stores/permission';
import { FormDialog } from '../../../shared/components/form-dialog';
import { fetchRecords, signKeys, useCheckIn, useDailyCounts } from './api';
import { ProgressFallback } from '../../../shared/components/ProgressFallback';

// ECharts loads with the 每日签到 tab, in its own chunk (as the overview's trend chart does).
const DailyCountsChart = lazy(() => import('./components/DailyCountsChart'));
import { HourMinuteInput } from '../../../shared/components/form-fields/fields';
import { SIGN_NS } from '../sign-locales';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { MEMBER_ENUMS_NS } from '../enum-locales';

const TABS = ['rules', 'records', 'daily'] as const;
type TabKey = (typeof TABS)[number];

/** A number of a streak reward row, labelled with the row's number for screen readers ("第 N 天 2"). */
function RewardNumber({
  name,
  label,
  row,
  unit,
}: {
  name: [number, 'day' | 'points'];
  label: string;
  row: number;
  unit: string;
}) {
  return (
    <Form.Item name={name} label={label} required style={{ marginBottom: 8 }}>
      <InputNumber precision={0} addonAfter={unit} aria-label={`${label} ${row}`} />
    </Form.Item>
  );
}

function RulesTab() {
  const { t } = useTranslation(SIGN_NS);
  return (
    <SettingsForm section="sign">
      {({ canEdit }) => (
        <>
          <Form.Item name="enabled" label={t('rules.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="basePoints"
            label={t('rules.basePoints')}
            extra={t('rules.basePointsHint')}
            required
          >
            <InputNumber precision={0} addonAfter={t('rules.pointsUnit')} />
          </Form.Item>
          <Form.Item label={t('rules.streakRewards')} extra={t('rules.streakRewardsHint')}>
            <Form.List name="streakRewards">
              {(fields, { add, remove }) => (
                <div data-testid="streak-rewards">
                  {fields.length === 0 && (
                    <Typography.Text type="secondary">{t('rules.noRewards')}</Typography.Text>
                  )}
                  {fields.map((field, index) => (
                    <Space key={field.key} align="baseline" wrap style={{ display: 'flex' }}>
                      <RewardNumber
                        name={[field.name, 'day']}
                        label={t('rules.day')}
                        row={index + 1}
                        unit={t('rules.dayAddon')}
                      />
                      <RewardNumber
                        name={[field.name, 'points']}
                        label={t('rules.points')}
                        row={index + 1}
                        unit={t('rules.pointsUnit')}
                      />
                      {canEdit && (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          onClick={() => remove(field.name)}
                          aria-label={`${t('rules.remove')} ${index + 1}`}
                        />
                      )}
                    </Space>
                  ))}
                  {canEdit && fields.length < SIGN_STREAK_REWARDS_MAX && (
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      onClick={() => add({ day: undefined, points: undefined })}
                    >
                      {t('rules.addReward')}
                    </Button>
                  )}
                </div>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item
            name="reminderEnabled"
            label={t('rules.reminderEnabled')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="reminderTime" label={t('rules.reminderTime')} required>
            <HourMinuteInput disabled={!canEdit} />
          </Form.Item>
          <Form.Item name="ruleText" label={t('rules.ruleText')} extra={t('rules.ruleTextHint')}>
            <Input.TextArea rows={4} count={{ show: true, max: 1000 }} />
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}

function CheckInButton() {
  const { t } = useTranslation(SIGN_NS);
  const [open, setOpen] = useState(false);
  const checkIn = useCheckIn();
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('records.checkIn')}
      </Button>
      <FormDialog
        open={open}
        title={t('records.checkInTitle')}
        okText={t('records.confirm')}
        cancelText={t('records.cancel')}
        schema={signCheckInRequestSchema}
        mutation={checkIn}
        onClose={() => setOpen(false)}
        onDone={(message) => {
          toast.success(message);
          setOpen(false);
        }}
        intro={
          <Typography.Paragraph type="secondary">{t('records.checkInHint')}</Typography.Paragraph>
        }
      >
        <Form.Item name="phone" label={t('records.memberPhone')} required>
          <Input inputMode="numeric" />
        </Form.Item>
      </FormDialog>
    </>
  );
}

function RecordsTab() {
  const { t } = useTranslation(SIGN_NS);
  const actions = usePageActions(useFrontPath<'signIns'>());
  const ref = useRef<ListPageAction>(null);
  const { t: label } = useTranslation(MEMBER_ENUMS_NS);
  const columns = useMemo<ListColumn<SignRecord>[]>(
    () => [
      {
        title: t('records.member'),
        dataIndex: 'memberName',
        hideInSearch: true,
        render: (_: unknown, r) => <MemberCell name={r.memberName} phone={r.memberPhone || '-'} />,
      },
      {
        title: t('records.phone'),
        dataIndex: 'phone',
        hideInTable: true,
        search: { type: 'text' },
      },
      { title: t('records.name'), dataIndex: 'name', hideInTable: true, search: { type: 'text' } },
      { title: t('records.signDate'), dataIndex: 'signDate' },
      {
        title: t('records.streak'),
        dataIndex: 'streak',
        render: (v: number) => <Tag color={v >= 7 ? 'gold' : 'blue'}>{v}</Tag>,
      },
      {
        title: t('records.minStreak'),
        dataIndex: 'minStreak',
        hideInTable: true,
        search: { type: 'number' },
      },
      { title: t('records.basePoints'), dataIndex: 'basePoints' },
      { title: t('records.rewardPoints'), dataIndex: 'rewardPoints' },
      { title: t('records.pointsAwarded'), dataIndex: 'pointsAwarded' },
      {
        title: t('records.source'),
        dataIndex: 'source',
        render: (v: SignRecord['source'], r) =>
          v === 'admin'
            ? label('signSource.byOperator', {
                source: label(`signSource.${v}`),
                operator: r.operatorName || '-',
              })
            : label(`signSource.${v}`),
      },
      {
        title: t('records.createdAt'),
        dataIndex: 'createdAt',
        render: (v: number) => formatDate(v),
        search: { type: 'dateRange', names: ['startTime', 'endTime'] },
      },
    ],
    [t, label],
  );
  return (
    <ListPage<SignRecord>
      columns={columns}
      rowKey="id"
      queryKey={signKeys.records}
      request={fetchRecords}
      actionRef={ref}
      syncUrl={false}
      headerTitle={t('records.title')}
      toolbar={actions.includes('edit') && <CheckInButton />}
      exportSpec={exportIf(actions, SignPaths.recordExport, t('records.exportName'))}
    />
  );
}

function DailyTab() {
  const { t } = useTranslation(SIGN_NS);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()]);
  const start = range[0].format('YYYY-MM-DD');
  const end = range[1].format('YYYY-MM-DD');
  const counts = useDailyCounts(start, end);
  const list = counts.data?.list ?? [];
  const total = list.reduce((s, d) => s + d.count, 0);
  return (
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>{t('daily.range')}</Typography.Text>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
        />
      </Space>
      {counts.isPending ? (
        <Skeleton active />
      ) : counts.isError ? (
        <Result status="error" title={String((counts.error as Error).message ?? '')} />
      ) : (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('daily.total')} value={total} />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic
                  title={t('daily.average')}
                  value={list.length ? total / list.length : 0}
                  precision={1}
                />
              </Card>
            </Col>
          </Row>
          {total === 0 && <Empty description={t('daily.empty')} />}
          <Suspense fallback={<ProgressFallback />}>
            <DailyCountsChart
              list={list}
              label={t('daily.title')}
              dateLabel={t('daily.date')}
              countLabel={t('daily.count')}
            />
          </Suspense>
        </>
      )}
    </div>
  );
}

/** /member_sign/sign 签到设置: rules (settings section 'sign'), records, daily counts chart. */
export default function SignInPage() {
  const { t } = useTranslation(SIGN_NS);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(asked ?? '')
    ? (asked as TabKey)
    : 'rules';
  return (
    <div className="panel">
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        destroyOnHidden
        items={TABS.map((key) => ({
          key,
          label: t(`tabs.${key}`),
          children:
            key === 'rules' ? <RulesTab /> : key === 'records' ? <RecordsTab /> : <DailyTab />,
        }))}
      />
    </div>
  );
}
