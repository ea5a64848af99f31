import { useEffect, useState, type ReactNode } from 'react';
import {
  Button,
  ColorPicker,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DraftLink, FieldDef, LinkRecordKind, NavLink } from '@health/contract';
import { RichTextEditor } from '../../../../shared/components/rich-text/RichTextEditor';
import { ImageUpload } from '../../../../shared/components/upload';
import { DECORATE_NS } from '../../locales';
import { LinkField } from '../../links/LinkField';
import { useLinkTargetSearch, useLinkTargetsByIds } from '../../links/api';

/** The record kind a picker field picks. */
const RECORD_KIND: Partial<Record<FieldDef['kind'], LinkRecordKind>> = {
  goods: 'goods',
  goodsMany: 'goods',
  packageType: 'packageType',
  packageTypeMany: 'packageType',
  video: 'video',
};

/** Goods, package types or videos picked by name (searched on the server as the operator types). */
function RecordSelect({
  kind,
  multiple,
  value,
  onChange,
  max,
  label,
}: {
  kind: LinkRecordKind;
  multiple: boolean;
  value: number | number[] | null;
  onChange: (value: number | number[] | null) => void;
  max?: number;
  label: string;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const ids = value === null ? [] : Array.isArray(value) ? value : [value];
  const search = useLinkTargetSearch(kind, keyword);
  const saved = useLinkTargetsByIds(kind, ids);
  const known = new Map([...(saved.data ?? []), ...(search.data ?? [])].map((o) => [o.id, o]));
  const options = [...known.values()].map((o) => ({
    value: o.id,
    title: o.label,
    label: (
      <span>
        <span translate="no">{o.label}</span>
        {!o.live && (
          <Tag color="red" style={{ marginInlineStart: 4 }}>
            {t(`linkField.notLive.${kind}`)}
          </Tag>
        )}
      </span>
    ),
  }));
  const full = multiple && max !== undefined && ids.length >= max;
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      filterOption={false}
      value={multiple ? ids : (ids[0] ?? undefined)}
      options={options.map((o) => ({ ...o, disabled: full && !ids.includes(o.value) }))}
      onSearch={(v) => setTyped(v.trim())}
      onChange={(v: number | number[] | undefined) =>
        onChange(
          multiple ? ((v as number[] | undefined) ?? []) : ((v as number | undefined) ?? null),
        )
      }
      placeholder={t(`linkField.search.${kind}`)}
      aria-label={label}
      loading={search.isFetching}
      notFoundContent={t('linkField.nothing')}
      style={{ width: '100%' }}
    />
  );
}

/** A text field that keeps what was typed past its limit and says the limit (nothing cut). */
function TextField({
  value,
  onChange,
  max,
  multiline,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  max?: number;
  multiline?: boolean;
  label: string;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  const tooLong = max !== undefined && typed.trim().length > max;
  const change = (v: string) => {
    setTyped(v);
    if (max === undefined || v.trim().length <= max) onChange(v);
  };
  const props = {
    value: typed,
    status: tooLong ? ('error' as const) : undefined,
    'aria-label': label,
    count: max === undefined ? undefined : { show: true, max },
  };
  return (
    <>
      {multiline ? (
        <Input.TextArea
          {...props}
          autoSize={{ minRows: 2 }}
          onChange={(e) => change(e.target.value)}
        />
      ) : (
        <Input {...props} onChange={(e) => change(e.target.value)} />
      )}
      {tooLong && (
        <Typography.Text type="danger" className="deco-field-error">
          {t('builder.tooLong', { max })}
        </Typography.Text>
      )}
    </>
  );
}

export interface FieldProps {
  field: FieldDef;
  value: unknown;
  /** A new value; `key` merges consecutive edits of the same field into one undo step. */
  onChange: (value: unknown) => void;
  disabled?: boolean;
}

/** One settings field, drawn from its definition in the contract (its kind picks the control). */
export function FieldControl({ field, value, onChange, disabled }: FieldProps) {
  const { i18n } = useTranslation(DECORATE_NS);
  const en = i18n.language.startsWith('en');
  const label = en ? field.labelEn : field.label;
  const record = RECORD_KIND[field.kind];
  let control: ReactNode;
  if (record) {
    control = (
      <RecordSelect
        kind={record}
        multiple={field.kind.endsWith('Many')}
        value={(value as number | number[] | null) ?? null}
        onChange={onChange}
        max={field.max}
        label={label}
      />
    );
  } else {
    switch (field.kind) {
      case 'text':
      case 'textarea':
        control = (
          <TextField
            value={String(value ?? '')}
            onChange={onChange}
            max={field.maxLength}
            multiline={field.kind === 'textarea'}
            label={label}
          />
        );
        break;
      case 'number':
        control = (
          <InputNumber
            value={value as number}
            min={field.min}
            max={field.max}
            precision={0}
            aria-label={label}
            onChange={(v) => v !== null && onChange(v)}
            style={{ width: 160 }}
          />
        );
        break;
      case 'switch':
        control = <Switch checked={Boolean(value)} onChange={onChange} aria-label={label} />;
        break;
      case 'select':
        control = (
          <Select
            value={value as string}
            onChange={onChange}
            aria-label={label}
            options={(field.options ?? []).map((o) => ({
              value: o.value,
              label: en ? o.labelEn : o.label,
            }))}
            style={{ width: '100%' }}
          />
        );
        break;
      case 'color':
        control = (
          <ColorPicker
            value={(value as string) || undefined}
            allowClear
            format="hex"
            disabledAlpha
            showText
            onChange={(c) => onChange(c.cleared ? '' : c.toHexString().slice(0, 7))}
            onClear={() => onChange('')}
          />
        );
        break;
      case 'image':
        control = (
          <ImageUpload
            value={(value as string) || undefined}
            onChange={onChange}
            size={72}
            label={label}
          />
        );
        break;
      case 'link':
        control = (
          <LinkField
            value={value as DraftLink as NavLink}
            onChange={onChange}
            disabled={disabled}
          />
        );
        break;
      case 'richText':
        control = (
          <RichTextEditor
            value={String(value ?? '')}
            onChange={onChange}
            minHeight={160}
            aria-label={label}
          />
        );
        break;
      case 'list':
        control = (
          <ListField
            field={field}
            value={(value as Record<string, unknown>[]) ?? []}
            onChange={onChange}
          />
        );
        break;
    }
  }
  return (
    <div className="deco-field" data-field={field.name}>
      <div className="deco-field-label">
        {field.required && <span className="deco-field-required">*</span>}
        {label}
      </div>
      {control}
    </div>
  );
}

/** A list of items (carousel images, navigation items), each with its own fields. */
function ListField({
  field,
  value,
  onChange,
}: {
  field: FieldDef;
  value: Record<string, unknown>[];
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation(DECORATE_NS);
  const set = (items: Record<string, unknown>[]) => onChange(items);
  const move = (i: number, by: number) => {
    const items = [...value];
    const [item] = items.splice(i, 1);
    items.splice(i + by, 0, item!);
    set(items);
  };
  const full = field.max !== undefined && value.length >= field.max;
  return (
    <Space direction="vertical" style={{ width: '100%' }} className="deco-list-field">
      {value.map((item, i) => (
        <div key={i} className="deco-list-item">
          <div className="deco-list-item-head">
            <Typography.Text strong>{t('builder.item', { n: i + 1 })}</Typography.Text>
            <Space size={0}>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                aria-label={t('builder.up')}
                onClick={() => move(i, -1)}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={i === value.length - 1}
                aria-label={t('builder.down')}
                onClick={() => move(i, 1)}
              />
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('builder.removeItem')}
                onClick={() => set(value.filter((_, k) => k !== i))}
              />
            </Space>
          </div>
          {(field.itemFields ?? []).map((sub) => (
            <FieldControl
              key={sub.name}
              field={sub}
              value={item[sub.name]}
              onChange={(v) => set(value.map((it, k) => (k === i ? { ...it, [sub.name]: v } : it)))}
            />
          ))}
        </div>
      ))}
      <Button
        icon={<PlusOutlined />}
        block
        disabled={full || !field.newItem}
        onClick={() => field.newItem && set([...value, field.newItem()])}
      >
        {full ? t('builder.listFull', { max: field.max }) : t('builder.addItem')}
      </Button>
    </Space>
  );
}
