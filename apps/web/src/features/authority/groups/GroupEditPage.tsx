import { Alert, Form, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGES, groupAddRequestSchema, type GroupDetail } from '@health/contract';
import { EditPage } from '../../../shared/components/edit-page';
import { useHeldKeys } from '../../../shared/stores/held-keys';
import { usePageActions } from '../../../shared/stores/permission';
import { fetchGroup, groupKeys, saveGroup } from './api';
import { PermissionTree } from './components/PermissionTree';
import { AUTHORITY_NS } from '../locales';
import { isActionKey, normalizeSelection } from './permission-tree';

interface Values {
  name: string;
  description: string;
  resources: string[];
}

/** /sysset_authority/authority_group_edit (hidden): name, description and the permission tree. */
export default function GroupEditPage() {
  const { t } = useTranslation(AUTHORITY_NS);
  const actions = usePageActions(PAGES.groups);
  const id = useSearchParams()[0].get('id');
  // The same query EditPage runs (shared cache entry): read-only is known at this level.
  const group = useQuery({
    queryKey: [...groupKeys.all, 'detail', id],
    queryFn: () => (id ? fetchGroup(id) : Promise.resolve(null)),
    enabled: !!id,
    refetchOnWindowFocus: false,
    staleTime: 0,
    gcTime: 0,
  });
  // A group the operator may not change (built in, its own, or holding more than it holds) is
  // shown read-only; the server refuses such a change too.
  const readOnly = (!!group.data && !group.data.editable) || !actions.includes(id ? 'edit' : 'add');
  const held = useHeldKeys();

  return (
    <EditPage<GroupDetail, Values>
      queryKey={groupKeys.all}
      load={fetchGroup}
      toValues={(g) => ({
        name: g.name,
        description: g.description,
        resources: normalizeSelection(g.resources),
      })}
      initialValues={{ name: '', description: '', resources: [] }}
      schema={groupAddRequestSchema}
      submit={(values, { id }) => saveGroup(values, id)}
      invalidate={[groupKeys.all]}
      title={{ add: t('group.add'), edit: readOnly ? t('group.view') : t('group.edit') }}
      readOnly={readOnly}
    >
      {({ record }) => {
        const locked = readOnly;
        return (
          <>
            {record && !record.editable && (
              <Alert
                type="info"
                showIcon
                message={
                  record.builtin
                    ? t('group.builtinReadOnly')
                    : record.isOwn
                      ? t('group.ownReadOnly')
                      : t('group.beyondReadOnly')
                }
                style={{ marginBottom: 16 }}
              />
            )}
            <Form.Item name="name" label={t('group.name')} required>
              <Input placeholder={t('group.namePlaceholder')} disabled={locked} />
            </Form.Item>
            <Form.Item name="description" label={t('group.description')}>
              <Input.TextArea
                placeholder={t('group.descriptionPlaceholder')}
                disabled={locked}
                count={{ show: true, max: 200 }}
                autoSize={{ minRows: 2, maxRows: 4 }}
              />
            </Form.Item>
            <Form.Item
              name="resources"
              label={t('group.resources')}
              extra={t('group.resourcesHint')}
              // At least one page, not only actions: the schema does not know which keys are pages.
              rules={[
                {
                  validator: (_, value: string[] | undefined) =>
                    (value ?? []).some((k) => !isActionKey(k))
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('group.resourcesRequired'))),
                },
              ]}
            >
              <PermissionTree readOnly={locked} held={held} />
            </Form.Item>
          </>
        );
      }}
    </EditPage>
  );
}
