import { useEffect, useState } from 'react';
import { Input, Select, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LINK_RECORD_KINDS,
  LINK_TYPES,
  NAV_TYPES,
  NO_LINK,
  type LinkRecordKind,
  type LinkTargetKind,
  type LinkTargetOption,
  type NavLink,
  type NavType,
} from '@health/contract';
import { DECORATE_NS } from '../locales';
import { useLinkTargetSearch, useLinkTargetsByIds } from './api';
import './link-field.css';

/** How long the picker waits after the last key before it searches. */
const SEARCH_DELAY_MS = 300;

const isRecordKind = (takes: LinkTargetKind): takes is LinkRecordKind =>
  (LINK_RECORD_KINDS as readonly string[]).includes(takes);

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A record's name, and a red tag when members do not see it (a link to it would not work). */
function TargetLabel({ option, kind }: { option: LinkTargetOption; kind: LinkRecordKind }) {
  const { t } = useTranslation(DECORATE_NS);
  return (
    <span className="link-field-option">
      <span translate="no" className="link-field-option-name">
        {option.label}
      </span>
      {!option.live && (
        <Tag color="red" title={t('linkField.notLiveHint')}>
          {t(`linkField.notLive.${kind}`)}
        </Tag>
      )}
    </span>
  );
}

/**
 * The record a link points to: a searchable select fed by the link-target options (searched on
 * the server as the operator types), showing a saved link's record by its name even when it is
 * not among the first matches.
 */
function TargetPicker(props: {
  kind: LinkRecordKind;
  value: string;
  onChange: (subContent: string) => void;
  disabled?: boolean;
}) {
  const { kind, value } = props;
  const { t } = useTranslation(DECORATE_NS);
  const [typed, setTyped] = useState('');
  const keyword = useSettled(typed, SEARCH_DELAY_MS);
  const search = useLinkTargetSearch(kind, keyword);
  const savedId = /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
  const saved = useLinkTargetsByIds(kind, savedId === null ? [] : [savedId]);
  const savedOption = saved.data?.find((o) => o.id === savedId);

  const found = search.data ?? [];
  const shown =
    savedOption && !found.some((o) => o.id === savedOption.id) ? [savedOption, ...found] : found;
  const options = shown.map((o) => ({
    value: String(o.id),
    title: o.label,
    label: <TargetLabel option={o} kind={kind} />,
  }));
  // A saved id the server no longer has: said so, not shown as a bare number.
  if (savedId !== null && saved.isSuccess && !savedOption) {
    options.unshift({
      value: String(savedId),
      title: t('linkField.gone', { id: savedId }),
      label: <Tag color="red">{t('linkField.gone', { id: savedId })}</Tag>,
    });
  }

  return (
    <Select
      className="link-field-target"
      showSearch
      filterOption={false}
      value={value === '' ? undefined : value}
      onSearch={(v) => setTyped(v.trim())}
      onChange={(v: string) => props.onChange(v)}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      options={options}
      placeholder={t(`linkField.search.${kind}`)}
      aria-label={t('linkField.target')}
      disabled={props.disabled}
      loading={search.isFetching}
      notFoundContent={search.isFetching ? <Spin size="small" /> : t('linkField.nothing')}
      data-testid="link-target"
    />
  );
}

export interface LinkFieldProps {
  /** `{ navType, subContent }` (a Form item's value); missing: no link. */
  value?: NavLink;
  onChange?: (link: NavLink) => void;
  id?: string;
  disabled?: boolean;
  /** The link types offered (default: every registered one). */
  types?: readonly NavType[];
}

/**
 * Where a tap goes (装修's ad slots and page builder): the link type, then what it takes — nothing,
 * an https address, or a record picked by name (goods, topic, service category, video, notice).
 * A Form control: `<Form.Item name="link"><LinkField /></Form.Item>`; the contract's
 * `navLinkSchema` checks the value, the server checks that the record is still shown.
 */
export function LinkField({ value, onChange, id, disabled, types = NAV_TYPES }: LinkFieldProps) {
  const { t } = useTranslation(DECORATE_NS);
  const link = value ?? NO_LINK;
  const takes: LinkTargetKind = LINK_TYPES[link.navType]?.takes ?? 'none';

  return (
    <div className="link-field">
      <Select<NavType>
        id={id}
        className="link-field-type"
        value={link.navType}
        onChange={(navType) => onChange?.({ navType, subContent: '' })}
        options={types.map((k) => ({ value: k, label: t(`link.types.${k}`) }))}
        aria-label={t('linkField.type')}
        disabled={disabled}
        popupMatchSelectWidth={false}
        data-testid="link-type"
      />
      {takes === 'url' && (
        <Input
          className="link-field-target"
          value={link.subContent}
          onChange={(e) => onChange?.({ navType: link.navType, subContent: e.target.value })}
          placeholder={t('linkField.urlPlaceholder')}
          aria-label={t('linkField.url')}
          inputMode="url"
          disabled={disabled}
          data-testid="link-url"
        />
      )}
      {isRecordKind(takes) && (
        <TargetPicker
          key={takes}
          kind={takes}
          value={link.subContent}
          onChange={(subContent) => onChange?.({ navType: link.navType, subContent })}
          disabled={disabled}
        />
      )}
    </div>
  );
}
