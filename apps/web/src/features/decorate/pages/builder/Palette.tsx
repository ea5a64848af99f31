import { memo } from 'react';
import { Button, Typography } from 'antd';
import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import {
  COMPONENTS,
  COMPONENT_GROUPS,
  COMPONENT_TYPES,
  type ComponentGroup,
  type ComponentType,
} from '@health/contract';
import { DECORATE_NS } from '../../locales';

/** A palette item's drag id. */
export const paletteId = (type: ComponentType) => `palette:${type}`;
export const paletteType = (id: string): ComponentType | null =>
  id.startsWith('palette:') ? (id.slice('palette:'.length) as ComponentType) : null;

function PaletteItem({
  type,
  disabled,
  onAdd,
}: {
  type: ComponentType;
  disabled: boolean;
  onAdd: (type: ComponentType) => void;
}) {
  const { t, i18n } = useTranslation(DECORATE_NS);
  const { attributes, listeners, setNodeRef } = useDraggable({ id: paletteId(type), disabled });
  const def = COMPONENTS[type];
  const label = i18n.language.startsWith('en') ? def.labelEn : def.label;
  return (
    <Button
      ref={setNodeRef}
      className="deco-palette-item"
      disabled={disabled}
      title={t('builder.paletteHint', { name: label })}
      {...attributes}
      {...listeners}
      // A click appends after the selected block (a drag places it where it is dropped).
      onClick={() => onAdd(type)}
      data-testid={`palette-${type}`}
    >
      {label}
    </Button>
  );
}

/** The components, grouped: drag one onto the phone, or click to add it after the selection. */
export const Palette = memo(function Palette({
  disabled,
  onAdd,
}: {
  disabled: boolean;
  onAdd: (type: ComponentType) => void;
}) {
  const { i18n } = useTranslation(DECORATE_NS);
  const en = i18n.language.startsWith('en');
  const groups = Object.keys(COMPONENT_GROUPS) as ComponentGroup[];
  return (
    <div className="deco-palette">
      {groups.map((group) => (
        <div key={group} className="deco-palette-group">
          <Typography.Text type="secondary" className="deco-palette-title">
            {en ? COMPONENT_GROUPS[group].labelEn : COMPONENT_GROUPS[group].label}
          </Typography.Text>
          <div className="deco-palette-items">
            {COMPONENT_TYPES.filter((type) => COMPONENTS[type].group === group).map((type) => (
              <PaletteItem key={type} type={type} disabled={disabled} onAdd={onAdd} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
});
