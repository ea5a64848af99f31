import { useSearchParams } from 'react-router';
import { DatePicker, Form, Input, InputNumber, Radio, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../../shared/utils/dayjs';
import { useTranslation } from 'react-i18next';
import {
  SEARCH_KEYWORD_MAX,
  SEARCH_WORD_TYPES,
  searchSaveRequestSchema,
  type SearchWord,
  type SearchWordType,
  PAGES,
} from '@health/contract';
import { EditPage } from '../../../shared/components/edit-page';
import { usePageActions } from '../../../shared/stores/permission';
import { fetchSearchWord, saveSearchWord, searchKeys } from './api';
import { CONTENT_NS } from '../content-locales';

interface Values {
  keyword: string;
  type: SearchWordType;
  sort: number;
  enabled: boolean;
  validFrom: Dayjs | null;
  validTo: Dayjs | null;
}

const toDayjs = (ms: number | null) => (ms === null ? null : dayjs(ms));

/** The request of the form's values (times as epoch ms, null when not set). */
const toRequest = (values: Values) => ({
  keyword: values.keyword,
  type: values.type,
  sort: values.sort ?? 0,
  enabled: values.enabled,
  validFrom: values.validFrom ? values.validFrom.valueOf() : null,
  validTo: values.validTo ? values.validTo.valueOf() : null,
});

/** /sysset_setting/search_edit (hidden): add or edit one search word. */
export default function SearchEditPage() {
  const { t } = useTranslation(CONTENT_NS);
  const actions = usePageActions(PAGES.searchWords);
  const [search] = useSearchParams();
  const isNew = !search.get('id');
  const canSave = actions.includes(isNew ? 'add' : 'edit');

  return (
    <EditPage<SearchWord, Values>
      queryKey={searchKeys.words}
      load={fetchSearchWord}
      toValues={(w) => ({
        keyword: w.keyword,
        type: w.type,
        sort: w.sort,
        enabled: w.enabled,
        validFrom: toDayjs(w.validFrom),
        validTo: toDayjs(w.validTo),
      })}
      initialValues={{ type: 'hot', sort: 0, enabled: true, validFrom: null, validTo: null }}
      schema={searchSaveRequestSchema}
      adapt={{ toInput: toRequest }}
      submit={(values, { id }) => saveSearchWord(toRequest(values), id)}
      invalidate={[searchKeys.words]}
      title={{ add: t('search.add'), edit: t('search.editTitle') }}
      readOnly={!canSave}
    >
      <Form.Item name="keyword" label={t('search.keyword')} required>
        <Input
          count={{ show: true, max: SEARCH_KEYWORD_MAX }}
          placeholder={t('search.keywordPlaceholder')}
          disabled={!canSave}
        />
      </Form.Item>
      <Form.Item name="type" label={t('search.type')} required>
        <Radio.Group disabled={!canSave}>
          {SEARCH_WORD_TYPES.map((v) => (
            <Radio key={v} value={v}>
              {t(`search.types.${v}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="sort" label={t('search.sort')} extra={t('search.sortHint')}>
        <InputNumber precision={0} disabled={!canSave} />
      </Form.Item>
      <Form.Item name="enabled" label={t('common.enabled')} valuePropName="checked">
        <Switch disabled={!canSave} />
      </Form.Item>
      <Form.Item name="validFrom" label={t('search.validFrom')} extra={t('search.validityHint')}>
        <DatePicker showTime style={{ width: 220 }} disabled={!canSave} />
      </Form.Item>
      <Form.Item name="validTo" label={t('search.validTo')}>
        <DatePicker showTime style={{ width: 220 }} disabled={!canSave} />
      </Form.Item>
    </EditPage>
  );
}
