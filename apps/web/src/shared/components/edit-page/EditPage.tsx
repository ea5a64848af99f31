import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Modal, Result, Skeleton, Space } from 'antd';
import type { FormInstance, FormProps } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findPage } from '@health/contract';
import { toast } from '../../feedback/feedback';
import { useLeaveGuard } from '../../hooks/use-leave-guard';
import {
  applyFieldErrors,
  checkWithSchema,
  namePathOf,
  type FormSchema,
  type SchemaAdapter,
} from '../../utils/form';
import { PATTERNS_NS } from '../list-page/locales';
import { useRouteHandle } from '../../routing/route-handle';
import { usePageTitle } from '../../routing/page-title';
import { localTitle } from '../../i18n';
import './edit-page.css';
import { localMessage } from '../../i18n/messages';

export interface EditContext<R, V> {
  /** null when adding. */
  id: string | null;
  isNew: boolean;
  /** The loaded record (undefined when adding). */
  record: R | undefined;
  form: FormInstance<V>;
}

export interface EditPageProps<R, V extends object> {
  /** TanStack Query key of the record; the id is appended: [...queryKey, 'detail', id]. */
  queryKey: readonly unknown[];
  /** Load the record of `?id=`; resolve null when it does not exist (shows "not found"). */
  load?: (id: string) => Promise<R | null>;
  /** Record → form values (default: the record as is). */
  toValues?: (record: R) => Partial<V>;
  /** Form values of a new record. */
  initialValues?: Partial<V>;
  /**
   * The contract's zod schema of the request: checked before submit (its messages on the fields,
   * checked again on each change after a failed save), so Form.Items keep only `required` marks
   * and the rules the schema cannot express. `adapt.toInput` builds the request from the values.
   */
  schema?: FormSchema<unknown>;
  adapt?: SchemaAdapter;
  /** Save the validated values; id is null when adding. Reject to stay (field errors are shown). */
  submit: (values: V, ctx: EditContext<R, V>) => Promise<unknown>;
  /** Titles; default "新增" / "编辑" + the list page's title. */
  title?: { add: ReactNode; edit: ReactNode };
  /** Query keys to invalidate after a save (the list's prefix, e.g. ['authority', 'groups']). */
  invalidate?: readonly (readonly unknown[])[];
  /** After a save: back to the list (default) or stay on the page. */
  afterSave?: 'back' | 'stay';
  /** Success toast text (default "保存成功"); the server's msg is used when submit resolves a string. */
  savedMessage?: string;
  /** The list page to go back to; default the page's activeMenu in the catalogue. */
  backTo?: string;
  /** Pass your own form to read values outside (Form.useWatch etc.). */
  form?: FormInstance<V>;
  formProps?: Omit<FormProps<V>, 'form' | 'onFinish' | 'initialValues' | 'onValuesChange'>;
  /** Buttons next to save (e.g. "预览"). */
  extraActions?: (ctx: EditContext<R, V>) => ReactNode;
  /** A read-only view: fields disabled, no save button (may depend on the loaded record). */
  readOnly?: boolean | ((record: R | undefined) => boolean);
  children: ReactNode | ((ctx: EditContext<R, V>) => ReactNode);
}

/**
 * The frame of a hidden *_edit page: loads the record of `?id=` (else "新增"), submits with a
 * toast, puts server field errors on the fields, warns before leaving with unsaved changes, and
 * goes back to its list page.
 */
export function EditPage<R, V extends object = Record<string, unknown>>(
  props: EditPageProps<R, V>,
) {
  const { t, i18n } = useTranslation(PATTERNS_NS);
  const [ownForm] = Form.useForm<V>();
  const form = props.form ?? ownForm;
  const [search] = useSearchParams();
  const id = search.get('id') || null;
  const isNew = id === null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();

  const frontPath = useRouteHandle()?.frontPath;
  const page = frontPath ? findPage(frontPath) : undefined;
  const backTo = props.backTo ?? page?.activeMenu ?? '/';
  const listPage = findPage(backTo);
  const listTitle = listPage ? localTitle(listPage, i18n.language) : '';

  const loaded = useQuery({
    queryKey: [...props.queryKey, 'detail', id],
    queryFn: () => (props.load && id ? props.load(id) : Promise.resolve(null)),
    enabled: !isNew && !!props.load,
    // The form is the working copy: do not overwrite it when the window regains focus.
    refetchOnWindowFocus: false,
    staleTime: 0,
    gcTime: 0,
  });
  const record = loaded.data ?? undefined;

  /* ---------- dirty state ---------- */
  const [dirty, setDirty] = useState(false);
  const leaving = useRef(false);

  const { toValues, initialValues } = props;
  useEffect(() => {
    if (isNew) {
      form.resetFields();
      if (initialValues) form.setFieldsValue(initialValues as never);
      setDirty(false);
    } else if (record) {
      form.resetFields();
      form.setFieldsValue((toValues ? toValues(record) : record) as never);
      setDirty(false);
    }
    // initialValues / toValues are read once per record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, isNew, record]);

  useLeaveGuard(
    dirty,
    modal,
    { title: t('leaveTitle'), content: t('leaveContent'), ok: t('leave'), cancel: t('stay') },
    { skip: () => leaving.current },
  );

  const goBack = useCallback(() => navigate(backTo), [navigate, backTo]);

  /* ---------- save ---------- */
  const [saving, setSaving] = useState(false);
  const ctx: EditContext<R, V> = { id, isNew, record, form };
  const readOnly =
    typeof props.readOnly === 'function' ? props.readOnly(record) : (props.readOnly ?? false);
  const failing = useRef<string[]>([]);
  const checking = useRef(false);
  const check = (keep: readonly string[] = []) => {
    if (!props.schema) return true;
    const result = checkWithSchema(form, props.schema, failing.current, props.adapt, keep);
    failing.current = result.failing;
    return result.value !== null;
  };
  const onFinish = async (values: V) => {
    checking.current = true;
    if (!check()) {
      const first = failing.current[0];
      if (first) form.scrollToField(namePathOf(first), { block: 'center' });
      return;
    }
    setSaving(true);
    try {
      const answer = await props.submit(values, ctx);
      setDirty(false);
      toast.success(
        props.savedMessage ?? (typeof answer === 'string' && answer ? answer : t('saved')),
      );
      await Promise.all(
        (props.invalidate ?? []).map((key) => queryClient.invalidateQueries({ queryKey: key })),
      );
      if (!isNew)
        await queryClient.invalidateQueries({ queryKey: [...props.queryKey, 'detail', id] });
      if ((props.afterSave ?? 'back') === 'back') {
        leaving.current = true;
        await navigate(backTo);
      }
    } catch (error) {
      // The api client has toasted the message; field errors go onto their fields.
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const title = isNew
    ? (props.title?.add ?? t('addTitle', { title: listTitle }))
    : (props.title?.edit ?? t('editTitle', { title: listTitle }));
  // The page's heading and document title say what it does (add, edit or view), not the
  // catalogue's one title of the hidden route.
  usePageTitle(typeof title === 'string' ? title : undefined);

  let body: ReactNode;
  if (!isNew && loaded.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} data-testid="edit-loading" />;
  } else if (!isNew && loaded.isError) {
    body = (
      <Result
        status="error"
        title={loaded.error instanceof Error ? localMessage(loaded.error.message) : t('loadError')}
        extra={
          <Space>
            <Button type="primary" onClick={() => void loaded.refetch()}>
              {t('retry')}
            </Button>
            <Button onClick={goBack}>{t('back')}</Button>
          </Space>
        }
      />
    );
  } else if (!isNew && !record) {
    body = (
      <Result
        status="404"
        title={t('notFound')}
        extra={<Button onClick={goBack}>{t('back')}</Button>}
        data-testid="edit-not-found"
      />
    );
  } else {
    body = (
      <Form<V>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '140px' }}
        wrapperCol={{ flex: 'minmax(0, 640px)' }}
        scrollToFirstError
        {...props.formProps}
        // A read-only record shows its fields greyed out (no save button either).
        disabled={readOnly || props.formProps?.disabled}
        onValuesChange={() => {
          setDirty(true);
          if (checking.current) check();
        }}
        onFinish={(values) => void onFinish(values)}
        onFinishFailed={(info) => {
          // The rules the schema cannot express failed: show the schema's messages too.
          checking.current = true;
          check(info.errorFields.map((f) => f.name.join('.')));
          props.formProps?.onFinishFailed?.(info);
        }}
      >
        {typeof props.children === 'function' ? props.children(ctx) : props.children}
        <div className="edit-page-actions">
          <Space>
            {!readOnly && (
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('save')}
              </Button>
            )}
            {props.extraActions?.(ctx)}
            {/* Leaving stays possible on a read-only (disabled) form. */}
            <Button onClick={goBack} disabled={false}>
              {t('cancel')}
            </Button>
          </Space>
        </div>
      </Form>
    );
  }

  return (
    <div className="edit-page">
      {modalHolder}
      <div className="edit-page-head">
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={goBack}>
          {listTitle ? t('backTo', { title: listTitle }) : t('back')}
        </Button>
        {typeof title !== 'string' && <h2 className="edit-page-title">{title}</h2>}
      </div>
      <div className="edit-page-body">{body}</div>
    </div>
  );
}
