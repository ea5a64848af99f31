import { useMemo, useRef, useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, type ContactItem, ContactPaths } from '@health/contract';
import {
  AddButton,
  ConfirmAction,
  exportIf,
  ListPage,
  type ListColumn,
  type ListPageAction,
} from '../../../../shared/components/list-page';
import { toast } from '../../../../shared/feedback/feedback';
import { contactKeys, fetchContacts, revealContactPhone, useDeleteContact } from '../api';
import { MEMBER_NS } from '../../locales';
import { useRelationshipOptions } from '../../members/components/MemberFormModal';
import { ContactFormModal } from './ContactFormModal';
import { RevealText } from '../../members/components/RevealText';

/**
 * Family members, paged from the server: one member's (detail tab, `memberId`) or every
 * member's with filters (/member_manage/manage).
 */
export function ContactsTable({
  memberId,
  canEdit,
  canReveal,
  canExport = false,
  headerTitle,
}: {
  memberId?: number;
  canEdit: boolean;
  canReveal: boolean;
  /** 家庭成员管理's export of the current filter. */
  canExport?: boolean;
  headerTitle?: string;
}) {
  const { t } = useTranslation(MEMBER_NS);
  const relationshipOptions = useRelationshipOptions();
  const ref = useRef<ListPageAction>(null);
  const [editing, setEditing] = useState<{ contact: ContactItem | null } | null>(null);
  const single = memberId !== undefined;
  const deleteContact = useDeleteContact().mutateAsync;

  const columns = useMemo<ListColumn<ContactItem>[]>(
    () => [
      ...(single
        ? []
        : ([
            {
              title: t('contact.memberPhone'),
              dataIndex: 'memberPhone',
              search: { type: 'text', placeholder: t('list.phonePlaceholder') },
              hideInTable: true,
            },
            {
              title: t('contact.memberName'),
              dataIndex: 'memberName',
              search: { type: 'text' },
              render: (_: unknown, r: ContactItem) => `${r.memberName}（${r.memberPhone || '-'}）`,
            },
          ] as ListColumn<ContactItem>[])),
      { title: t('contact.name'), dataIndex: 'name' },
      {
        title: t('contact.phone'),
        dataIndex: 'phone',
        search: single ? undefined : { type: 'text', placeholder: t('list.phonePlaceholder') },
        render: (_, r) => (
          <RevealText
            masked={r.phone}
            canReveal={canReveal}
            reveal={() => revealContactPhone(r.id)}
          />
        ),
      },
      {
        title: t('contact.relationship'),
        dataIndex: 'relationship',
        search: single
          ? undefined
          : {
              type: 'select',
              options: relationshipOptions.map((o) => ({ ...o, value: String(o.value) })),
            },
        // A missing value shows '-'; an unknown code shows nothing (spec §3).
        render: (v: number | null) =>
          v === null ? '-' : (relationshipOptions.find((o) => o.value === v)?.label ?? ''),
      },
      {
        title: t('contact.receiveWarningSms'),
        dataIndex: 'receiveWarningSms',
        search: single
          ? undefined
          : {
              type: 'select',
              options: [
                { label: t('contact.yes'), value: '1' },
                { label: t('contact.no'), value: '0' },
              ],
            },
        render: (v: boolean) =>
          v ? <Tag color="green">{t('contact.yes')}</Tag> : <Tag>{t('contact.no')}</Tag>,
      },
      {
        title: t('contact.createdAt'),
        dataIndex: 'createdAt',
        render: (v: number) => formatDate(v),
      },
      ...(canEdit
        ? ([
            {
              title: t('list.actions'),
              key: 'op',
              render: (_: unknown, r: ContactItem) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing({ contact: r })}>
                    {t('contact.edit')}
                  </Button>
                  <ConfirmAction
                    title={t('contact.deleteConfirm', { name: r.name })}
                    danger
                    onConfirm={async () => {
                      await deleteContact(r.id);
                      toast.success(t('contact.deleted'));
                    }}
                  >
                    {t('contact.delete')}
                  </ConfirmAction>
                </Space>
              ),
            },
          ] as ListColumn<ContactItem>[])
        : []),
    ],
    [t, single, canEdit, canReveal, deleteContact, relationshipOptions],
  );

  return (
    <>
      <ListPage<ContactItem>
        columns={columns}
        rowKey="id"
        queryKey={[...contactKeys.all, memberId ?? 'all']}
        request={(params) => fetchContacts(single ? { ...params, memberId } : params)}
        actionRef={ref}
        syncUrl={!single}
        headerTitle={headerTitle}
        exportSpec={exportIf(canExport, ContactPaths.export, t('contact.exportName'))}
        toolbar={
          single && canEdit ? (
            <AddButton onClick={() => setEditing({ contact: null })}>{t('contact.add')}</AddButton>
          ) : undefined
        }
      />
      <ContactFormModal
        open={editing !== null}
        memberId={memberId ?? editing?.contact?.memberId ?? null}
        contact={editing?.contact ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
    </>
  );
}
