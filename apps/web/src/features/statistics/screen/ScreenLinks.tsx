import { useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Form, Input, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  chinaDateOf,
  DAY_MS,
  formatChinaDate,
  SCREEN_LINK_MAX_DAYS,
  SCREEN_LINK_NAME_MAX,
  SCREEN_LINK_NOTE_MAX,
  screenLinkAddSchema,
  type ScreenLink,
  type ScreenLinkAdd,
  type ScreenLinkCreated,
} from '@health/contract';
import { FormDialog } from '../../../shared/components/form-dialog';
import { LinkDialog } from '../../../shared/components/LinkDialog';
import { ConfirmAction } from '../../../shared/components/list-page/RowActions';
import { toast } from '../../../shared/feedback/feedback';
import { fromChinaPicker, toChinaPicker } from '../../../shared/utils/dayjs';
import type { Dayjs } from 'dayjs';
import { STATISTICS_NS } from '../locales';
import { useAddScreenLink, useRevokeScreenLink, useScreenLinks } from './api';

const STATE_COLORS: Record<ScreenLink['state'], string> = {
  active: 'green',
  expired: 'default',
  revoked: 'red',
};

/** "14:02" today, else "12-05 14:02" (China time). */
function seenAt(ms: number): string {
  return chinaDateOf(ms) === chinaDateOf(Date.now())
    ? formatChinaDate(ms, '{h}:{i}')
    : formatChinaDate(ms, '{y}-{m}-{d} {h}:{i}');
}

interface FormValues {
  name?: string;
  note?: string;
  expiresAt?: Dayjs | null;
}

const toRequest = (v: FormValues) => ({
  name: v.name ?? '',
  note: v.note ?? '',
  expiresAt: v.expiresAt ? fromChinaPicker(v.expiresAt) : undefined,
});

/**
 * 大屏链接 (the screen page's `links` action): the links that open the screen on a wall TV without
 * a login — made with a name, an expiry and a note, shown once as a URL and QR code, listed with
 * their state and when a screen last fetched through them, revoked at once.
 */
export function ScreenLinksDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(STATISTICS_NS);
  const links = useScreenLinks(open);
  const add = useAddScreenLink();
  const revoke = useRevokeScreenLink();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ url: string; expiresAt: number } | null>(null);
  const now = Date.now();
  const presets = (
    [
      ['day', 1],
      ['week', 7],
      ['month', 30],
      ['year', 365],
    ] as const
  ).map(([key, days]) => ({
    label: t(`screenLinks.presets.${key}`),
    value: toChinaPicker(now + days * DAY_MS),
  }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('screenLinks.title')}
      width="min(760px, 100vw)"
      destroyOnHidden
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('screenLinks.add')}
        </Button>
      }
    >
      <Alert type="info" showIcon message={t('screenLinks.intro')} style={{ marginBottom: 16 }} />
      <Table<ScreenLink>
        rowKey="id"
        size="small"
        loading={links.isLoading}
        dataSource={links.data?.list ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('screenLinks.empty') }}
        columns={[
          {
            title: t('screenLinks.name'),
            dataIndex: 'name',
            render: (_, link) => (
              <>
                <div>{link.name}</div>
                {link.note && <Typography.Text type="secondary">{link.note}</Typography.Text>}
              </>
            ),
          },
          {
            title: t('screenLinks.state'),
            dataIndex: 'state',
            width: 90,
            render: (_, link) => (
              <Tag color={STATE_COLORS[link.state]}>{t(`screenLinks.states.${link.state}`)}</Tag>
            ),
          },
          {
            title: t('screenLinks.lastSeen'),
            dataIndex: 'lastSeenAt',
            width: 140,
            render: (_, link) =>
              link.lastSeenAt === null ? (
                <Typography.Text type="secondary">{t('screenLinks.neverSeen')}</Typography.Text>
              ) : (
                seenAt(link.lastSeenAt)
              ),
          },
          {
            title: t('screenLinks.expiresAt'),
            dataIndex: 'expiresAt',
            width: 150,
            render: (_, link) => formatChinaDate(link.expiresAt, '{y}-{m}-{d} {h}:{i}'),
          },
          { title: t('screenLinks.createdBy'), dataIndex: 'createdBy', width: 100 },
          {
            title: '',
            key: 'actions',
            width: 70,
            render: (_, link) =>
              link.state === 'active' && (
                <ConfirmAction
                  title={t('screenLinks.revokeConfirm')}
                  danger
                  dangerOk
                  onConfirm={() =>
                    revoke
                      .mutateAsync(link.id)
                      .then(() => toast.success(t('screenLinks.revoked')))
                      .catch(() => undefined)
                  }
                >
                  {t('screenLinks.revoke')}
                </ConfirmAction>
              ),
          },
        ]}
      />
      <FormDialog<ScreenLinkAdd, ScreenLinkCreated>
        open={adding}
        title={t('screenLinks.add')}
        name="screen-link"
        schema={screenLinkAddSchema}
        adapt={{ toInput: toRequest }}
        initialValues={{ expiresAt: toChinaPicker(now + 30 * DAY_MS) }}
        mutation={add}
        onClose={() => setAdding(false)}
        onDone={(answer, request) => {
          setAdding(false);
          setCreated({
            url: `${window.location.origin}${answer.url}`,
            expiresAt: request.expiresAt,
          });
        }}
      >
        <Form.Item name="name" label={t('screenLinks.name')} required>
          <Input
            placeholder={t('screenLinks.namePlaceholder')}
            showCount={{ formatter: ({ count }) => `${count} / ${SCREEN_LINK_NAME_MAX}` }}
          />
        </Form.Item>
        <Form.Item name="expiresAt" label={t('screenLinks.expiresAt')} required>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            presets={presets}
            style={{ width: '100%' }}
            disabledDate={(d) =>
              // China days, whatever the browser's zone (the picker shows China time).
              d.isBefore(toChinaPicker(now).startOf('day')) ||
              d.isAfter(toChinaPicker(now + SCREEN_LINK_MAX_DAYS * DAY_MS))
            }
          />
        </Form.Item>
        <Form.Item name="note" label={t('screenLinks.note')}>
          <Input.TextArea
            rows={2}
            showCount={{ formatter: ({ count }) => `${count} / ${SCREEN_LINK_NOTE_MAX}` }}
          />
        </Form.Item>
      </FormDialog>
      <LinkDialog
        url={created?.url ?? null}
        title={t('screenLinks.created')}
        note={
          created
            ? t('screenLinks.createdNote', {
                time: formatChinaDate(created.expiresAt, '{y}-{m}-{d} {h}:{i}'),
              })
            : undefined
        }
        onClose={() => setCreated(null)}
      />
    </Drawer>
  );
}
