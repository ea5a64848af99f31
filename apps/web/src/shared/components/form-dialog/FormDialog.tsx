import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { isApiError } from '../../api/errors';
import { checkWithSchema, setNestedFieldErrors, type FormSchema } from '../../utils/form';

/** What a dialog submits through: a mutation hook's result (`useSaveX()`). */
export interface DialogMutation<T, R> {
  mutateAsync: (values: T) => Promise<R>;
  isPending: boolean;
}

export interface FormDialogProps<T, R> {
  open: boolean;
  title: ReactNode;
  /** The contract's zod schema of the form's values: its messages are the field errors. */
  schema: FormSchema<T>;
  /** The form's values each time the dialog opens. */
  initialValues?: object;
  /** The mutation the checked values go to (it refreshes its entity's queries itself). */
  mutation: DialogMutation<T, R>;
  /** Cancel or close. */
  onClose: () => void;
  /** After a successful submit, with the answer and the submitted values. */
  onDone?: (answer: R, values: T) => void;
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
 * answer land on the same fields, other errors are toasted by the api client.
 */
export function FormDialog<T, R>(props: FormDialogProps<T, R>) {
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

  const check = () => {
    const result = checkWithSchema(form, schema, failing.current);
    failing.current = result.failing;
    return result.value;
  };

  const submit = async () => {
    checking.current = true;
    const values = check();
    if (values === null) return;
    try {
      const answer = await mutation.mutateAsync(values);
      onDone?.(answer, values);
    } catch (error) {
      if (isApiError(error)) setNestedFieldErrors(form, error.fieldErrors);
    }
  };

  return (
    <Modal
      destroyOnHidden
      forceRender
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
