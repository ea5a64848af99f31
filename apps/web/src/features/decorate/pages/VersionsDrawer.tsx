import { memo, useState } from 'react';
import {
  Button,
  Drawer,
  Empty,
  List,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  COMPONENTS,
  ROOT_FIELDS,
  diffDocuments,
  formatChinaDate,
  type BlockChange,
  type DocumentDiff,
  type FieldChange,
  type FieldDef,
  type PageDocument,
  type PageVersionRow,
} from '@health/contract';
import { toast } from '../../../shared/feedback/feedback';
import { DECORATE_NS } from '../locales';
import { fetchVersion, pageKeys, useRollback, usePageVersions } from './api';
import { PhonePreview } from './PhonePreview';
import { fieldLabel } from './builder/labels';

/** A value as the comparison shows it: short, whole on hover. */
function ValueText({ value }: { value: unknown }) {
  const text =
    value === undefined ? '—' : typeof value === 'string' ? value || '""' : JSON.stringify(value);
  return (
    <Typography.Text code ellipsis={{ tooltip: text }} style={{ maxWidth: 160 }}>
      {text}
    </Typography.Text>
  );
}

function Changes({ fields, label }: { fields: FieldChange[]; label: (path: string) => string }) {
  return (
    <ul className="deco-diff-fields">
      {fields.map((f) => (
        <li key={f.path}>
          <span className="deco-diff-field">{label(f.path)}</span>
          <ValueText value={f.before} /> → <ValueText value={f.after} />
        </li>
      ))}
    </ul>
  );
}

/** 版本对比: what changed from the older version to the newer one. */
export function DiffView({ diff }: { diff: DocumentDiff }) {
  const { t, i18n } = useTranslation(DECORATE_NS);
  const en = i18n.language.startsWith('en');
  const labelIn = (fields: readonly FieldDef[]) => (path: string) => fieldLabel(fields, path, en);
  if (diff.root.length === 0 && diff.blocks.length === 0)
    return <Empty description={t('page.versions.same')} />;
  const kindColor: Record<BlockChange['kind'], string> = {
    added: 'green',
    removed: 'red',
    moved: 'blue',
    changed: 'orange',
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="version-diff">
      {diff.root.length > 0 && (
        <div>
          <Typography.Text strong>{t('page.versions.rootChanged')}</Typography.Text>
          <Changes fields={diff.root} label={labelIn(ROOT_FIELDS)} />
        </div>
      )}
      <List
        size="small"
        dataSource={diff.blocks}
        renderItem={(b) => {
          const def = COMPONENTS[b.type];
          return (
            <List.Item>
              <div style={{ width: '100%' }}>
                <Space wrap>
                  <Tag color={kindColor[b.kind]}>{t(`page.versions.kind.${b.kind}`)}</Tag>
                  <Typography.Text strong>{en ? def.labelEn : def.label}</Typography.Text>
                  <Typography.Text type="secondary">
                    {b.from !== null && b.to !== null && b.from !== b.to
                      ? t('page.versions.moved', { from: b.from + 1, to: b.to + 1 })
                      : t('page.versions.position', { n: (b.to ?? b.from ?? 0) + 1 })}
                  </Typography.Text>
                </Space>
                {b.fields.length > 0 && <Changes fields={b.fields} label={labelIn(def.fields)} />}
              </div>
            </List.Item>
          );
        }}
      />
    </Space>
  );
}

/**
 * 版本记录: every published version (who, when, note, the live one), one seen in the phone frame,
 * any two compared, and 回滚: a new draft from an old version (history is never rewritten).
 */
export const VersionsDrawer = memo(function VersionsDrawer({
  pageId,
  currentDraft,
  canRollback,
  onClose,
  onRolledBack,
}: {
  pageId: number | null;
  /** The builder's draft as it is now, to compare a version with (read when comparing). */
  currentDraft?: () => PageDocument;
  canRollback: boolean;
  onClose: () => void;
  onRolledBack?: (revision: number) => void;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const versions = usePageVersions(pageId ?? 0, pageId !== null);
  const rollback = useRollback();
  const [viewing, setViewing] = useState<number | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const [comparing, setComparing] = useState(false);
  const id = pageId ?? 0;
  const view = useQuery({
    queryKey: pageKeys.version(id, viewing ?? 0),
    queryFn: () => fetchVersion(id, viewing!),
    enabled: viewing !== null,
  });
  const [a, b] = [...picked].sort((x, y) => x - y);
  const compared = useQuery({
    queryKey: ['decorate', 'pages', 'compare', id, a, b],
    queryFn: async () => {
      const older = await fetchVersion(id, a!);
      const newer = b === undefined ? currentDraft!() : (await fetchVersion(id, b)).document;
      return diffDocuments(older.document, newer);
    },
    enabled: comparing && a !== undefined,
  });

  const columns = [
    {
      title: t('page.versions.version'),
      dataIndex: 'version',
      render: (v: number, row: PageVersionRow) => (
        <Space size={4}>
          <span>v{v}</span>
          {row.live && <Tag color="green">{t('page.versions.live')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('page.versions.by'),
      dataIndex: 'publishedBy',
      render: (v: string) => <span translate="no">{v}</span>,
    },
    {
      title: t('page.versions.at'),
      dataIndex: 'publishedAt',
      render: (v: number) => formatChinaDate(v, '{y}-{m}-{d} {h}:{i}'),
    },
    {
      title: t('page.versions.note'),
      dataIndex: 'note',
      render: (v: string) =>
        v ? <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text> : '—',
    },
    {
      title: t('common.op'),
      key: 'op',
      render: (_: unknown, row: PageVersionRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(row.version)}>
            {t('page.versions.view')}
          </Button>
          {canRollback && (
            <Popconfirm
              title={t('page.versions.rollbackConfirm', { version: row.version })}
              onConfirm={() =>
                rollback
                  .mutateAsync({ id, version: row.version })
                  .then((r) => {
                    toast.success(t('page.versions.rolledBack', { version: row.version }));
                    onRolledBack?.(r.revision);
                  })
                  .catch(() => undefined)
              }
            >
              <Button type="link" size="small">
                {t('page.versions.rollback')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={pageId !== null}
      onClose={() => {
        setPicked([]);
        setComparing(false);
        onClose();
      }}
      title={t('page.versions.title')}
      width={Math.min(720, window.innerWidth)}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {currentDraft ? t('page.versions.pickHintDraft') : t('page.versions.pickHint')}
        </Typography.Text>
        <Table<PageVersionRow>
          rowKey="version"
          size="small"
          loading={versions.isLoading}
          dataSource={versions.data ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: picked,
            onChange: (keys) => {
              setComparing(false);
              setPicked((keys as number[]).slice(-2));
            },
          }}
          locale={{ emptyText: <Empty description={t('page.versions.none')} /> }}
        />
        <Button
          disabled={picked.length === 0 || (picked.length === 1 && !currentDraft)}
          onClick={() => setComparing(true)}
          data-testid="compare-versions"
        >
          {picked.length === 1 && currentDraft
            ? t('page.versions.compareDraft')
            : t('page.versions.compare')}
        </Button>
        {comparing && compared.data && <DiffView diff={compared.data} />}
      </Space>
      <Modal
        open={viewing !== null}
        title={t('page.versions.viewTitle', { version: viewing ?? 0 })}
        footer={null}
        onCancel={() => setViewing(null)}
        width={440}
      >
        {view.data && <PhonePreview document={view.data.document} />}
      </Modal>
    </Drawer>
  );
});
