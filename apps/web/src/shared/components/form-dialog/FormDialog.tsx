import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { isApiError } from '../../api/errors';
import {
  checkWithSchema,
  setNestedFieldErrors,
  type FormSchema,
  type SchemaAdapter,
} from '../../utils/form';

/** What a dialog submits through: a mutation hook's result (`useSaveX()`). */
export interface DialogMutation<T, R> {
  mutateAsync: (values: T) => Promise<R>;
  isPending: boolean;
}

export interface FormDialogProps<V, R> {
  open: boolean;
  title: ReactNode;
  /** The contract's zod schema of the request: its messages are the field errors. */
  schema: FormSchema<unknown>;
  /** When the form's values are not the request: how to build it, where its errors go. */
  adapt?: SchemaAdapter;
  /** The form's values each time the dialog opens. */
  initialValues?: object;
  /**
   * The mutation the request goes to once the schema passes (it refreshes its entity's queries
   * itself). It gets the request as built from the form, not the schema's output: the server
   * parses it with the same schema.
   */
  mutation: DialogMutation<V, R>;
  /** Cancel or close. */
  onClose: () => void;
  /** After a successful submit, with the answer and the request sent. */
  onDone?: (answer: R, request: V) => void;
  /** Content above the form (a hint). */
  intro?: ReactNode;
  /** The form's fields (Form.Items named as the schema's keys); a function gets the form. */
  children: ReactNode | ((form: FormInstance) => ReactNode);
  /** The form's name (ids of its inputs). */
  name?: string;
  okText?: ReactNode;
  cancelText?: ReactNode;
  okButtonProps?: ModalProps['okButtonProps'];
  width?: ModalProps['width'];
  /** Extra props of the Modal (footer, maskClosable, closable, ...). */
  modalProps?: Omit<ModalProps, 'open' | 'title' | 'onOk' | 'onCancel' | 'children'>;
  formProps?: Omit<FormProps, 'form' | 'name' | 'onValuesChange'>;
}

/**
 * The form-dialog pattern: an antd Modal with one Form, checked in the browser by the contract's
 * zod schema (the same helper as the settings form: messages on their fields, checked again on each
 * change after the first submit), submitted through a mutation hook; field errors of the server's
 * answer land on the same fields, other errors are toasted by the api client. Form.Items carry no
 * `rules` the schema already checks: only `required` for the asterisk, and rules the request's
 * schema cannot express.
 */
export function FormDialog<V, R>(props: FormDialogProps<V, R>) {
  const { open, schema, mutation, onDone, initialValues } = props;
  const [form] = Form.useForm();
  const failing = useRef<string[]>([]);
  const checking = useRef(false);
  const initialJson = JSON.stringify(initialValues ?? null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues);
    failing.current = [];
    checking.current = false;
    // Reset when it opens (or opens on other values), not for each render's new object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, open, initialJson]);

  const check = (keep: readonly string[] = []) => {
    const result = checkWithSchema(form, schema, failing.current, props.adapt, keep);
    failing.current = result.failing;
    return result.value === null ? null : { request: result.input as V };
  };

  const submit = async () => {
    checking.current = true;
    // Rules the schema cannot know (a value per placeholder of a template, ...) stay antd rules.
    const ruleErrors = await form.validateFields().then(
      () => [] as string[],
      (info: { errorFields?: { name: (string | number)[] }[] }) =>
        (info.errorFields ?? []).map((f) => f.name.join('.')),
    );
    const checked = check(ruleErrors);
    if (ruleErrors.length > 0 || checked === null) return;
    try {
      const answer = await mutation.mutateAsync(checked.request);
      onDone?.(answer, checked.request);
    } catch (error) {
      if (isApiError(error)) {
        const fieldOf = props.adapt?.fieldOf ?? {};
        setNestedFieldErrors(
          form,
          error.fieldErrors.map((e) => ({ ...e, field: fieldOf[e.field] ?? e.field })),
        );
      }
    }
  };

  return (
    <Modal
      destroyOnHidden
      {...props.modalProps}
      open={open}
      title={props.title}
      width={props.width}
      okText={props.okText}
      cancelText={props.cancelText}
      okButtonProps={props.okButtonProps}
      confirmLoading={mutation.isPending}
      onOk={() => void submit()}
      onCancel={props.onClose}
    >
      {props.intro}
      <Form
        layout="vertical"
        {...props.formProps}
        form={form}
        name={props.name}
        onValuesChange={() => {
          if (checking.current) check();
        }}
      >
        {typeof props.children === 'function' ? props.children(form) : props.children}
      </Form>
    </Modal>
  );
}

/** What a page gives a dialog it opens: `onClose` (dismissed) and `onDone` (the change is made). */
export interface DialogCallbacks {
  onClose: () => void;
  onDone: () => void;
}
