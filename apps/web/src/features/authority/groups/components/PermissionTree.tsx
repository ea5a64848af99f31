import { useMemo, useState } from 'react';
import { Button, Space, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { localTitle } from '../../../../shared/i18n';
import { AUTHORITY_NS } from '../../locales';
import {
  ALL_SELECTABLE_KEYS,
  PERMISSION_TREE,
  SECTION_KEYS,
  countSelection,
  toggle,
  treeState,
  type PermNode,
} from '../permission-tree';

export interface PermissionTreeProps {
  /** Selected page and action keys (a Form.Item's value). */
  value?: string[];
  onChange?: (value: string[]) => void;
  readOnly?: boolean;
  /**
   * The keys the editing operator holds itself: only these can be granted (the server refuses
   * the rest); the others are shown greyed out. Omitted: every key.
   */
  held?: ReadonlySet<string>;
}

const ALL_NODE_KEYS: string[] = [];
(function collect(nodes: PermNode[]) {
  for (const n of nodes) {
    if (n.children) {
      ALL_NODE_KEYS.push(n.key);
      collect(n.children);
    }
  }
})(PERMISSION_TREE);

/**
 * Every section → page → action of the catalogue as a checkable tree. Hidden pages sit under
 * their list page, checked and disabled with it ("随列表页授予").
 */
export function PermissionTree({ value, onChange, readOnly, held }: PermissionTreeProps) {
  const { t, i18n } = useTranslation(AUTHORITY_NS);
  const language = i18n.language;
  const selection = useMemo(() => value ?? [], [value]);
  const [expanded, setExpanded] = useState<React.Key[]>(SECTION_KEYS);

  const treeData = useMemo<DataNode[]>(() => {
    // Chinese keeps the catalogue's own action titles (取消任务 / 取消订单); English names an
    // action by its key, under its page.
    const titleOf = (node: PermNode) =>
      node.action && language === 'en-US'
        ? t(`group.actionNames.${node.action}`, { defaultValue: node.title })
        : localTitle(node, language);
    const convert = (node: PermNode): DataNode => ({
      key: node.key,
      title:
        node.kind === 'hidden' ? (
          <span>
            {titleOf(node)}
            <Tag bordered={false} style={{ marginLeft: 6 }}>
              {t('group.hiddenPage')}
            </Tag>
            <Typography.Text type="secondary">{t('group.grantedWithList')}</Typography.Text>
          </span>
        ) : node.kind === 'section' ? (
          <strong>{titleOf(node)}</strong>
        ) : (
          titleOf(node)
        ),
      disableCheckbox:
        readOnly ||
        node.kind === 'hidden' ||
        (held !== undefined && node.kind !== 'section' && !held.has(node.key)),
      selectable: false,
      ...(node.children ? { children: node.children.map(convert) } : {}),
    });
    return PERMISSION_TREE.map(convert);
  }, [held, readOnly, t, language]);

  /** Only keys the operator holds can be picked (a section click picks its held keys). */
  const grantable = (keys: string[]) => (held ? keys.filter((k) => held.has(k)) : keys);

  const state = useMemo(() => treeState(selection), [selection]);
  const counts = countSelection(selection);

  return (
    <div className="permission-tree">
      <Space wrap style={{ marginBottom: 8 }}>
        {!readOnly && (
          <>
            <Button size="small" onClick={() => onChange?.(grantable([...ALL_SELECTABLE_KEYS]))}>
              {t('group.selectAll')}
            </Button>
            <Button size="small" onClick={() => onChange?.([])}>
              {t('group.clearAll')}
            </Button>
          </>
        )}
        <Button size="small" onClick={() => setExpanded(ALL_NODE_KEYS)}>
          {t('group.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('group.collapseAll')}
        </Button>
        <Typography.Text type="secondary" data-testid="permission-summary">
          {t('group.selectedSummary', counts)}
        </Typography.Text>
        {!readOnly && held && ALL_SELECTABLE_KEYS.some((key) => !held.has(key)) && (
          <Typography.Text type="secondary">{t('group.notHeldHint')}</Typography.Text>
        )}
      </Space>
      <div
        style={{
          border: '1px solid var(--ant-color-border, #d9d9d9)',
          borderRadius: 6,
          padding: 8,
          maxHeight: 560,
          overflow: 'auto',
        }}
      >
        <Tree
          checkable
          checkStrictly
          blockNode
          selectable={false}
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
          checkedKeys={state}
          onCheck={(_, info) => {
            if (readOnly) return;
            onChange?.(grantable(toggle(selection, String(info.node.key), info.checked)));
          }}
        />
      </div>
    </div>
  );
}
