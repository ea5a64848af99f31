import { memo } from 'react';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COMPONENTS,
  ROOT_FIELDS,
  type FieldDef,
  type PageBlock,
  type PageProblemAnswer,
  type RootProps,
} from '@health/contract';
import { localMessage } from '../../../../shared/i18n';
import { DECORATE_NS } from '../../locales';
import { FieldControl } from './fields';

function Fields({
  fields,
  props,
  readOnly,
  onChange,
}: {
  fields: readonly FieldDef[];
  props: Record<string, unknown>;
  readOnly: boolean;
  onChange: (name: string, value: unknown) => void;
}) {
  return (
    <fieldset disabled={readOnly} className="deco-settings-fields">
      {fields
        .filter((f) => !f.when || f.when.in.includes(String(props[f.when.field])))
        .map((field) => (
          <FieldControl
            key={field.name}
            field={field}
            value={props[field.name]}
            onChange={(v) => onChange(field.name, v)}
            disabled={readOnly}
          />
        ))}
    </fieldset>
  );
}

/**
 * The selected block's settings (or the page's own when nothing is selected), drawn from the
 * component's field definitions in the contract; the block's publish problems on top.
 */
export const SettingsPanel = memo(function SettingsPanel({
  block,
  root,
  problems,
  readOnly,
  onBlockChange,
  onRootChange,
}: {
  block: PageBlock | null;
  root: RootProps;
  problems: PageProblemAnswer[];
  readOnly: boolean;
  onBlockChange: (id: string, name: string, value: unknown) => void;
  onRootChange: (name: string, value: unknown) => void;
}) {
  const { t, i18n } = useTranslation(DECORATE_NS);
  const en = i18n.language.startsWith('en');
  const mine = problems.filter((p) => p.blockId === (block?.props.id ?? null));
  const title = block
    ? en
      ? COMPONENTS[block.type].labelEn
      : COMPONENTS[block.type].label
    : t('builder.pageSettings');
  return (
    <div className="deco-settings" data-testid="builder-settings">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {mine.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="deco-settings-problems"
          message={
            <ul>
              {mine.map((p) => (
                <li key={`${p.field}:${p.msg}`}>{localMessage(p.msg)}</li>
              ))}
            </ul>
          }
        />
      )}
      {block ? (
        <Fields
          key={block.props.id}
          fields={COMPONENTS[block.type].fields}
          props={block.props as Record<string, unknown>}
          readOnly={readOnly}
          onChange={(name, value) => onBlockChange(block.props.id, name, value)}
        />
      ) : (
        <Fields
          fields={ROOT_FIELDS}
          props={root as Record<string, unknown>}
          readOnly={readOnly}
          onChange={onRootChange}
        />
      )}
    </div>
  );
});
