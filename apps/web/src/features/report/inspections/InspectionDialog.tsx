import { useRef, useState } from 'react';
import {
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Typography,
  Upload,
  type FormInstance,
} from 'antd';
import {
  DeleteOutlined,
  MinusCircleOutlined,
  PaperClipOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  chinaDayStart,
  formatChinaDate,
  INSPECTION_FILE_MAX_BYTES,
  INSPECTION_FILE_MIMES,
  INSPECTION_FILES_MAX,
  INSPECTION_TEMPLATE_KEYS,
  INSPECTION_TEMPLATES,
  inspectionFlagOf,
  inspectionSaveRequestSchema,
  InspectionMessages,
  type InspectionDetail,
  type InspectionFile,
  type InspectionTemplateKey,
} from '@health/contract';
import { FormDialog, type DialogCallbacks } from '../../../shared/components/form-dialog';
import { MemberPicker } from '../../../shared/components/MemberPicker';
import { toast } from '../../../shared/feedback/feedback';
import { localMessage } from '../../../shared/i18n/messages';
import { useAppStore } from '../../../shared/stores/app';
import { dayjs } from '../../../shared/utils/dayjs';
import { uploadInspectionFile, useInspectionMemberOptions, useSaveInspection } from './api';
import { FlagMark } from './FlagMark';
import { INSPECTION_NS } from './locales';
import { PrivateImage, openPdf } from './PrivateFiles';

/** An item row as the form holds it: numbers as typed text. */
interface ItemRow {
  name: string;
  code: string;
  value: string;
  unit: string;
  low: string;
  high: string;
}

interface FormValues {
  memberId?: number;
  title: string;
  hospital: string;
  sampledAt?: dayjs.Dayjs | null;
  reportedAt?: dayjs.Dayjs | null;
  items: ItemRow[];
  files: InspectionFile[];
  remark: string;
}

const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const dayOf = (ms: number) => dayjs(formatChinaDate(ms, '{y}-{m}-{d}'));
const msOf = (d: dayjs.Dayjs | null | undefined) =>
  d ? chinaDayStart(d.format('YYYY-MM-DD')) : undefined;

/** The request the contract's schema checks and the server receives. */
function toRequest(v: FormValues) {
  return {
    memberId: v.memberId,
    title: v.title,
    hospital: v.hospital,
    sampledAt: msOf(v.sampledAt),
    reportedAt: msOf(v.reportedAt),
    items: (v.items ?? []).map((i) => ({
      name: i?.name ?? '',
      code: i?.code ?? '',
      value: i?.value ?? '',
      unit: i?.unit ?? '',
      low: i?.low ?? '',
      high: i?.high ?? '',
    })),
    fileIds: (v.files ?? []).map((f) => f.id),
    remark: v.remark,
  };
}

const templateRows = (key: InspectionTemplateKey): ItemRow[] =>
  INSPECTION_TEMPLATES[key].items.map((i) => ({
    name: i.name,
    code: i.code,
    value: '',
    unit: i.unit,
    low: text(i.low),
    high: text(i.high),
  }));

const emptyRow = (): ItemRow => ({ name: '', code: '', value: '', unit: '', low: '', high: '' });

/** The live flag of row `index`, from the same function the server uses. */
function RowFlag({ index }: { index: number }) {
  const row = Form.useWatch(['items', index]) as ItemRow | undefined;
  const num = (s: string | undefined) =>
    s === undefined || s.trim() === '' || Number.isNaN(Number(s)) ? null : Number(s);
  const value = num(row?.value);
  if (value === null) return <span className="inspection-flag-empty">-</span>;
  return <FlagMark flag={inspectionFlagOf(value, num(row?.low), num(row?.high))} />;
}

/** The editable items: a row each (add, remove), the flag shown as the value is typed. */
function ItemsEditor() {
  const { t } = useTranslation(INSPECTION_NS);
  return (
    <Form.List name="items">
      {(fields, { add, remove }, { errors }) => (
        <div className="inspection-items">
          {fields.length > 0 && (
            <div className="inspection-items-row inspection-items-head" aria-hidden>
              <span>{t('itemName')}</span>
              <span>{t('itemCode')}</span>
              <span>{t('value')}</span>
              <span>{t('unit')}</span>
              <span>{t('low')}</span>
              <span>{t('high')}</span>
              <span>{t('flag')}</span>
              <span />
            </div>
          )}
          {fields.map((field) => (
            <div key={field.key} className="inspection-items-row" data-testid="inspection-item-row">
              <Form.Item name={[field.name, 'name']} className="cell-name">
                <Input placeholder={t('itemName')} aria-label={t('itemName')} />
              </Form.Item>
              <Form.Item name={[field.name, 'code']} className="cell-code">
                <Input placeholder={t('itemCode')} aria-label={t('itemCode')} />
              </Form.Item>
              <Form.Item name={[field.name, 'value']} className="cell-value">
                <Input inputMode="decimal" placeholder={t('value')} aria-label={t('value')} />
              </Form.Item>
              <Form.Item name={[field.name, 'unit']} className="cell-unit">
                <Input placeholder={t('unit')} aria-label={t('unit')} />
              </Form.Item>
              <Form.Item name={[field.name, 'low']} className="cell-low">
                <Input inputMode="decimal" placeholder={t('low')} aria-label={t('low')} />
              </Form.Item>
              <Form.Item name={[field.name, 'high']} className="cell-high">
                <Input inputMode="decimal" placeholder={t('high')} aria-label={t('high')} />
              </Form.Item>
              <span className="cell-flag">
                <RowFlag index={field.name} />
              </span>
              <Button
                type="text"
                className="cell-remove"
                icon={<MinusCircleOutlined />}
                aria-label={t('removeItem')}
                title={t('removeItem')}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(emptyRow())}>
            {t('addItem')}
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}

/** The report's files: uploaded one by one (checked by the server), removable, previewed. */
function FilesField({
  value = [],
  onChange,
  id,
}: {
  value?: InspectionFile[];
  onChange?: (files: InspectionFile[]) => void;
  id?: string;
}) {
  const { t } = useTranslation(INSPECTION_NS);
  const [uploading, setUploading] = useState(0);
  // Several uploads may finish one after another before the form renders again: each adds to
  // the list as the previous one left it.
  const latest = useRef(value);
  latest.current = value;
  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id}>
      {value.length > 0 && (
        <Space wrap align="start">
          {value.map((f) => (
            <span key={f.id} className="inspection-file" data-testid="inspection-file">
              {f.mime === 'application/pdf' ? (
                <Button type="link" icon={<PaperClipOutlined />} onClick={() => openPdf(f)}>
                  <Typography.Text ellipsis style={{ maxWidth: 160 }} translate="no">
                    {f.name}
                  </Typography.Text>
                </Button>
              ) : (
                <PrivateImage file={f} size={64} />
              )}
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('removeFile')}
                title={t('removeFile')}
                onClick={() => onChange?.(value.filter((x) => x.id !== f.id))}
              />
            </span>
          ))}
        </Space>
      )}
      <Upload
        multiple
        accept={INSPECTION_FILE_MIMES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          // Quick checks for the operator; the server decides by the bytes.
          if (file.size > INSPECTION_FILE_MAX_BYTES) {
            toast.error(localMessage(InspectionMessages.fileTooLarge));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          setUploading((n) => n + 1);
          uploadInspectionFile(file as File)
            .then((result) => {
              onSuccess?.(result);
              if (latest.current.length >= INSPECTION_FILES_MAX) {
                toast.error(localMessage(InspectionMessages.tooManyFiles));
                return;
              }
              latest.current = [...latest.current, result];
              onChange?.(latest.current);
            })
            .catch((e: unknown) => onError?.(e as Error))
            .finally(() => setUploading((n) => n - 1));
        }}
      >
        <Button
          icon={<PlusOutlined />}
          loading={uploading > 0}
          disabled={value.length >= INSPECTION_FILES_MAX}
        >
          {t('upload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">
        {t('uploadHint', { max: INSPECTION_FILES_MAX })}
      </Typography.Text>
    </Space>
  );
}

/** Choosing a panel fills the item rows (and the title when empty); values are left to type. */
function TemplateSelect({ form }: { form: FormInstance }) {
  const { t } = useTranslation(INSPECTION_NS);
  const apply = (key: InspectionTemplateKey) => {
    form.setFieldValue('items', templateRows(key));
    if (!String(form.getFieldValue('title') ?? '').trim())
      form.setFieldValue('title', INSPECTION_TEMPLATES[key].title);
  };
  return (
    <Select<InspectionTemplateKey>
      value={null as unknown as InspectionTemplateKey}
      placeholder={t('templatePlaceholder')}
      id="inspection-template"
      data-testid="inspection-template"
      options={INSPECTION_TEMPLATE_KEYS.map((k) => ({ value: k, label: t(`template_${k}`) }))}
      onChange={(key) => {
        const rows = (form.getFieldValue('items') ?? []) as ItemRow[];
        const filled = rows.some((r) => r?.name?.trim() || r?.value?.trim());
        if (!filled) apply(key);
        else
          Modal.confirm({
            title: t('templateReplace'),
            okText: t('ok'),
            cancelText: t('cancel'),
            onOk: () => apply(key),
          });
      }}
    />
  );
}

/** Add or edit a lab report: member, title, lab, dates, items (from a panel or by hand), files. */
export function InspectionDialog({
  report,
  open,
  onClose,
  onDone,
}: { report: InspectionDetail | null; open: boolean } & DialogCallbacks) {
  const { t } = useTranslation(INSPECTION_NS);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const save = useSaveInspection(report?.id ?? null);
  const initialValues: FormValues = report
    ? {
        memberId: report.memberId,
        title: report.title,
        hospital: report.hospital,
        sampledAt: dayOf(report.sampledAt),
        reportedAt: dayOf(report.reportedAt),
        items: report.items.map((i) => ({
          name: i.name,
          code: i.code,
          value: String(i.value),
          unit: i.unit,
          low: text(i.low),
          high: text(i.high),
        })),
        files: report.files,
        remark: report.remark,
      }
    : {
        memberId: undefined,
        title: '',
        hospital: '',
        sampledAt: null,
        reportedAt: null,
        items: [],
        files: [],
        remark: '',
      };
  return (
    <FormDialog
      title={report ? t('editTitle') : t('addTitle')}
      open={open}
      onClose={onClose}
      onDone={() => {
        toast.success(t('saved'));
        onDone();
      }}
      okText={t('ok')}
      cancelText={t('cancel')}
      width={mobile ? '100%' : 1000}
      name="inspection"
      schema={inspectionSaveRequestSchema}
      adapt={{ toInput: toRequest, fieldOf: { fileIds: 'files' } }}
      initialValues={initialValues}
      mutation={save}
      modalProps={{ forceRender: true, maskClosable: false, className: 'inspection-dialog' }}
    >
      {(form) => (
        <>
          <div className="inspection-form-grid">
            <Form.Item name="memberId" label={t('member')} required>
              <MemberPicker
                useOptions={useInspectionMemberOptions}
                placeholder={t('memberSearch')}
                data-testid="inspection-member"
                initial={
                  report
                    ? { id: report.memberId, name: report.memberName, phone: report.memberPhone }
                    : undefined
                }
              />
            </Form.Item>
            <Form.Item label={t('template')} htmlFor="inspection-template">
              <TemplateSelect form={form} />
            </Form.Item>
            <Form.Item name="title" label={t('reportTitle')} required>
              <Input />
            </Form.Item>
            <Form.Item name="hospital" label={t('hospital')} required>
              <Input />
            </Form.Item>
            <Form.Item name="sampledAt" label={t('sampledAt')} required>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="reportedAt" label={t('reportedAt')} required>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </div>
          <Form.Item label={t('items')} required className="inspection-items-item">
            <ItemsEditor />
          </Form.Item>
          <Form.Item name="files" label={t('files')}>
            <FilesField />
          </Form.Item>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea rows={2} count={{ show: true, max: 500 }} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
