import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Form, Input, Modal, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LinkMessages,
  ONE_ENABLED_KINDS,
  PAGES,
  PAGE_NAME_MAX,
  decoratePageAddSchema,
  formatChinaDate,
  type DecoratePageRow,
  type FrontPath,
  type PageKind,
} from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  ListPage,
  type ListColumn,
  type ListPageAction,
} from '../../../shared/components/list-page';
import { FormDialog } from '../../../shared/components/form-dialog';
import { toast } from '../../../shared/feedback/feedback';
import { copyText } from '../../../shared/utils/clipboard';
import { useFrontPath } from '../../../shared/routing/route-handle';
import { usePageActions } from '../../../shared/stores/permission';
import { DECORATE_NS } from '../locales';
import {
  fetchPages,
  pageKeys,
  useAddPage,
  useCopyPage,
  useDeletePage,
  useEnablePage,
  useRenamePage,
} from './api';
import { PreviewDialog } from './PreviewDialog';
import { VersionsDrawer } from './VersionsDrawer';
import './builder/builder.css';

/** Each list page's kind of page and its builder. */
const KIND_OF: Partial<Record<FrontPath, { kind: PageKind; builder: FrontPath }>> = {
  [PAGES.decorateHome]: { kind: 'home', builder: PAGES.decoratePageEdit },
  [PAGES.decorateTopics]: { kind: 'topic', builder: PAGES.decoratePageEdit },
  [PAGES.mallDecorate]: { kind: 'mall', builder: PAGES.mallPageEdit },
};

/** The actions of any of the three list pages (their catalogue entries differ a little). */
type PageAction = 'add' | 'edit' | 'delete' | 'publish' | 'rollback' | 'enable';

/**
 * /decorate_m/lists 首页装修, /decorate_m/topic_lists 专题装修, /integralmall/deco 商城装修: the pages
 * of one kind with their state (草稿, 已发布, 有未发布修改, 链接失效, 定时发布, who is editing); the
 * enabled one first (exactly one of home pages and of mall homes); build, preview on a phone,
 * versions, enable, copy, rename, delete.
 */
export default function PageListPage() {
  const { t } = useTranslation(DECORATE_NS);
  const frontPath = useFrontPath();
  const { kind, builder } = KIND_OF[frontPath]!;
  const actions = usePageActions(frontPath) as readonly string[];
  const may = (a: PageAction) => actions.includes(a);
  const navigate = useNavigate();
  const ref = useRef<ListPageAction>(null);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<DecoratePageRow | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [versionsOf, setVersionsOf] = useState<number | null>(null);
  const add = useAddPage();
  const rename = useRenamePage();
  const copy = useCopyPage().mutateAsync;
  const remove = useDeletePage().mutateAsync;
  const enable = useEnablePage().mutateAsync;
  const oneEnabled = ONE_ENABLED_KINDS.includes(kind);
  const open = (id: number) => void navigate(`${builder}?id=${id}`);

  const columns = useMemo<ListColumn<DecoratePageRow>[]>(() => {
    const done = (message: string) => () => toast.success(message);
    const quiet = () => undefined; // the api client has shown the server's message
    return [
      {
        title: t('page.name'),
        dataIndex: 'name',
        search: { type: 'text' },
        render: (name: string, row) => (
          <Space size={4} wrap>
            <span translate="no">{name}</span>
            {row.enabled && <Tag color="green">{t('page.enabledTag')}</Tag>}
          </Space>
        ),
      },
      {
        title: t('common.status'),
        key: 'status',
        render: (_: unknown, row) => (
          <Space size={4} wrap>
            <Tag color={{ draft: 'default', published: 'blue', changed: 'orange' }[row.status]}>
              {t(`page.status.${row.status}`)}
            </Tag>
            {row.brokenLinks.length > 0 && (
              <Tooltip title={row.brokenLinks.join('；')}>
                <Tag color="red" data-testid="broken-links">
                  {t('page.brokenLinks')}
                </Tag>
              </Tooltip>
            )}
            {row.scheduledAt !== null && (
              <Tag color="purple">
                {t('page.scheduledTag', {
                  time: formatChinaDate(row.scheduledAt, '{m}-{d} {h}:{i}'),
                })}
              </Tag>
            )}
            {row.lockedBy && <Tag color="gold">{t('page.editing', { name: row.lockedBy })}</Tag>}
          </Space>
        ),
      },
      {
        title: t('page.published'),
        key: 'published',
        render: (_: unknown, row) =>
          row.publishedVersion === null ? (
            '—'
          ) : (
            <span>
              v{row.publishedVersion} · {formatChinaDate(row.publishedAt!, '{y}-{m}-{d} {h}:{i}')} ·{' '}
              <span translate="no">{row.publishedBy}</span>
            </span>
          ),
      },
      {
        title: t('page.draftSaved'),
        key: 'draft',
        render: (_: unknown, row) => (
          <span>
            {formatChinaDate(row.draftSavedAt, '{y}-{m}-{d} {h}:{i}')} ·{' '}
            <span translate="no">{row.draftSavedBy}</span>
          </span>
        ),
      },
      {
        title: t('common.op'),
        key: 'op',
        render: (_: unknown, row) => (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => open(row.id)}>
              {may('edit') ? t('page.build') : t('page.view')}
            </Button>
            {(may('edit') || may('publish')) && (
              <Button type="link" size="small" onClick={() => setPreviewing(row.id)}>
                {t('page.preview.action')}
              </Button>
            )}
            <Button type="link" size="small" onClick={() => setVersionsOf(row.id)}>
              {t('page.versions.action')}
            </Button>
            {kind === 'topic' && row.publishedVersion !== null && (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void copyText(`${window.location.origin}/m/topic?id=${row.id}`).then((ok) =>
                    ok ? toast.success(t('page.linkCopied')) : toast.error(t('page.copyFailed')),
                  )
                }
              >
                {t('page.copyLink')}
              </Button>
            )}
            {oneEnabled && may('enable') && !row.enabled && row.publishedVersion !== null && (
              <ConfirmAction
                title={t('page.enableConfirm', { name: row.name })}
                onConfirm={() => enable({ id: row.id }).then(done(t('page.enabledDone')), quiet)}
              >
                {t('page.enable')}
              </ConfirmAction>
            )}
            {may('add') && (
              <Button
                type="link"
                size="small"
                onClick={() => void copy({ id: row.id }).then(done(t('page.copied')), quiet)}
              >
                {t('page.copy')}
              </Button>
            )}
            {may('edit') && (
              <Button type="link" size="small" onClick={() => setRenaming(row)}>
                {t('page.rename')}
              </Button>
            )}
            {may('delete') && !row.enabled && (
              <ConfirmAction
                title={t('page.deleteConfirm', { name: row.name })}
                danger
                dangerOk
                onConfirm={() =>
                  remove({ id: row.id }).then((answer) => {
                    // A topic live pages or ad slots still link to: say which.
                    if (answer.linkedBy.length > 0)
                      toast.warning(LinkMessages.stillLinked(answer.linkedBy.join('、')));
                    else toast.success(t('common.deleted'));
                  }, quiet)
                }
              >
                {t('common.delete')}
              </ConfirmAction>
            )}
          </Space>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actions, t, kind]);

  return (
    <>
      <ListPage<DecoratePageRow>
        columns={columns}
        rowKey="id"
        queryKey={[...pageKeys.list, kind]}
        request={(params) => fetchPages({ ...params, kind })}
        actionRef={ref}
        headerTitle={t(`page.listTitle.${kind}`)}
        toolbar={
          may('add') && (
            <AddButton onClick={() => setAdding(true)}>{t(`page.add.${kind}`)}</AddButton>
          )
        }
      />
      <FormDialog
        name="decoratePageAdd"
        open={adding}
        title={t(`page.add.${kind}`)}
        schema={decoratePageAddSchema}
        adapt={{ toInput: (v) => ({ ...(v as object), kind }) }}
        initialValues={{ name: '' }}
        mutation={{
          mutateAsync: (v: { name: string }) => add.mutateAsync({ kind, name: v.name }),
          isPending: add.isPending,
        }}
        onClose={() => setAdding(false)}
        onDone={(answer) => {
          setAdding(false);
          toast.success(t('common.saved'));
          open(answer.id);
        }}
      >
        <Form.Item name="name" label={t('page.name')} required>
          <Input count={{ show: true, max: PAGE_NAME_MAX }} />
        </Form.Item>
      </FormDialog>
      <RenameDialog row={renaming} onClose={() => setRenaming(null)} mutation={rename} />
      <PreviewDialog
        pageId={previewing}
        canRevoke={may('edit')}
        onClose={() => setPreviewing(null)}
      />
      <VersionsDrawer
        pageId={versionsOf}
        canRollback={may('rollback')}
        onClose={() => setVersionsOf(null)}
        onRolledBack={() => {
          const id = versionsOf!;
          setVersionsOf(null);
          open(id);
        }}
      />
    </>
  );
}

function RenameDialog({
  row,
  onClose,
  mutation,
}: {
  row: DecoratePageRow | null;
  onClose: () => void;
  mutation: ReturnType<typeof useRenamePage>;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const [form] = Form.useForm<{ name: string }>();
  return (
    <Modal
      open={row !== null}
      title={t('page.rename')}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      destroyOnHidden
      onOk={() =>
        void form.validateFields().then(({ name }) =>
          mutation
            .mutateAsync({ id: row!.id, name })
            .then(() => {
              toast.success(t('common.saved'));
              onClose();
            })
            .catch(() => undefined),
        )
      }
    >
      <Form
        form={form}
        initialValues={{ name: row?.name ?? '' }}
        layout="vertical"
        preserve={false}
      >
        <Form.Item
          name="name"
          label={t('page.name')}
          rules={[{ required: true, whitespace: true, message: t('page.nameRequired') }]}
        >
          <Input count={{ show: true, max: PAGE_NAME_MAX }} maxLength={PAGE_NAME_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
