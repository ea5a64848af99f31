import { useState } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import type { FormInstance } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SearchField } from './query-params';
import { PATTERNS_NS } from './locales';

/** Fields shown while the form is collapsed. */
export const COLLAPSED_FIELDS = 3;

/** A range picker's popup: one month on a narrow screen (list-page.css). */
const RANGE_CLASS_NAMES = { popup: { root: 'list-page-range-popup' } };

/** Form.Item injects value / onChange (and id) into its child: they are passed to the control. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Injected = Record<string, any>;

function FieldInput({ field, ...control }: { field: SearchField } & Injected) {
  const { t } = useTranslation(PATTERNS_NS);
  const { spec, label } = field;
  const enter = spec.placeholder ?? t('pleaseEnter', { label });
  const choose = spec.placeholder ?? t('pleaseSelect', { label });
  switch (spec.type) {
    case 'text':
      return <Input {...control} allowClear placeholder={enter} />;
    case 'number':
      return <InputNumber {...control} placeholder={enter} style={{ width: '100%' }} />;
    case 'select':
      return (
        <Select
          {...control}
          allowClear
          showSearch
          optionFilterProp="label"
          mode={spec.multiple ? 'multiple' : undefined}
          placeholder={choose}
          options={spec.options}
          maxTagCount="responsive"
        />
      );
    case 'date':
      return <DatePicker {...control} placeholder={choose} style={{ width: '100%' }} />;
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          {...control}
          classNames={RANGE_CLASS_NAMES}
          allowEmpty={[true, true]}
          placeholder={[t('startDate'), t('endDate')]}
          style={{ width: '100%' }}
        />
      );
    case 'dateTimeRange':
      return (
        <DatePicker.RangePicker
          {...control}
          classNames={RANGE_CLASS_NAMES}
          showTime
          allowEmpty={[true, true]}
          placeholder={[t('startDate'), t('endDate')]}
          style={{ width: '100%' }}
        />
      );
  }
}

export interface QueryFormProps {
  form: FormInstance;
  fields: SearchField[];
  loading: boolean;
  onSearch: () => void;
  onReset: () => void;
}

/** The query form: a grid of fields, collapsed beyond three, with search and reset. */
export function QueryForm({ form, fields, loading, onSearch, onReset }: QueryFormProps) {
  const { t } = useTranslation(PATTERNS_NS);
  const [expanded, setExpanded] = useState(false);
  const collapsible = fields.length > COLLAPSED_FIELDS;
  const wide = (f: SearchField) => f.spec.type === 'dateTimeRange';
  return (
    <Form
      form={form}
      className="list-page-query"
      labelCol={{ flex: '88px' }}
      labelWrap
      onFinish={onSearch}
      aria-label={t('search')}
      data-testid="list-query-form"
    >
      <Row gutter={[16, 0]}>
        {fields.map((field, i) => (
          <Col
            key={field.key}
            xs={24}
            sm={wide(field) ? 24 : 12}
            lg={wide(field) ? 16 : 8}
            xxl={wide(field) ? 12 : 6}
            // Collapsed fields keep their values (they still filter), they are only hidden.
            style={collapsible && !expanded && i >= COLLAPSED_FIELDS ? { display: 'none' } : {}}
          >
            <Form.Item name={field.key} label={field.label}>
              <FieldInput field={field} />
            </Form.Item>
          </Col>
        ))}
        <Col flex="auto" className="list-page-query-actions">
          <Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={loading}>
                {t('search')}
              </Button>
              <Button onClick={onReset}>{t('reset')}</Button>
              {collapsible && (
                <Button
                  type="link"
                  onClick={() => setExpanded((v) => !v)}
                  aria-expanded={expanded}
                  icon={expanded ? <UpOutlined /> : <DownOutlined />}
                  iconPosition="end"
                >
                  {expanded ? t('collapse') : t('expand')}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
