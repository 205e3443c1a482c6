/**
 * The one form modal (CONVENTIONS "Screens are compositions of shared parts"): an antd Modal around an
 * antd Form, opened in mode 'add' or 'modify' (SPEC §3 Open mode), with the title of that mode, a
 * width of SPEC §9 (680/820/1000/1180), a body 500px high capped at the viewport minus 110px, an async
 * submit with a loading button, a discard question when closing with unsaved changes (SPEC §4 Editing),
 * and server errors kept inside the modal (on the field they concern, or in an alert above the form).
 *
 * Usage:
 * ```tsx
 * <FormModal<Values> open={open} mode={mode} titles={{ add: t('addTitle'), modify: t('modifyTitle') }}
 *   initialValues={row} onSubmit={save} onClose={() => setOpen(false)}>
 *   <Form.Item name="name" label={…} rules={…}><Input /></Form.Item>
 * </FormModal>
 * ```
 * The form instance is the modal's own (a fresh one per opening); children reach it with
 * `Form.useFormInstance()` / `Form.useWatch`. `onSubmit` gets the validated values; it should call the API with `{ noToast: true }` so the error is
 * shown here only. It resolves → the modal shows 'Saved successfully' and closes; it rejects → the
 * modal stays open with the error.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Alert, App, Button, Form, Modal, Spin, type FormInstance, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, errorText } from './server-error';

/** SPEC §3 Open mode. */
export type OpenMode = 'add' | 'modify';

/** Modal widths of SPEC §9, by name. */
export const MODAL_WIDTHS = { small: 680, middle: 820, large: 1000, huge: 1180 } as const;
export type ModalWidth = keyof typeof MODAL_WIDTHS;

export interface FormModalProps<V extends object> {
  open: boolean;
  mode: OpenMode;
  /** Title per mode, already translated. */
  titles: Record<OpenMode, string>;
  /** SPEC §9 width name (default 'small', 680px). */
  width?: ModalWidth;
  /** Values the form starts with (set each time the modal opens). */
  initialValues?: Partial<V>;
  /** True while the record to modify is still loading: the body shows a spinner instead of the form. */
  loading?: boolean;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  /** Maps a server error to the form field it concerns (e.g. `tenant.code_in_use` → 'code'). */
  fieldOfError?: (scode: string) => keyof V | undefined;
  /** 'horizontal' (default: labels 6/24) or 'vertical' (labels above the fields, for long forms). */
  layout?: 'horizontal' | 'vertical';
  /** Other form props (the form is named 'form-modal' so field ids never clash with the page's). */
  formProps?: Omit<FormProps<V>, 'form' | 'onFinish'>;
  children: ReactNode;
}

/** The form modal; see the module docs. */
export default function FormModal<V extends object>(props: FormModalProps<V>) {
  const { open, mode, titles, width = 'small', initialValues, loading, onSubmit, onClose, fieldOfError, layout = 'horizontal', formProps, children } = props;
  const { t } = useTranslation('common');
  const { message, modal } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  // The form lives in FormBody, mounted afresh each time the modal opens (destroyOnHidden) or its
  // record arrives, so `initialValues` apply and "touched" (the discard question) starts from nothing.
  const formRef = useRef<FormInstance<V> | null>(null);
  useEffect(() => {
    if (open) setServerError(null);
  }, [open]);

  const submit = async () => {
    const form = formRef.current;
    if (!form) return;
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows the field errors
    }
    setSaving(true);
    setServerError(null);
    try {
      await onSubmit(values);
      void message.success(t('saveSucceeded'));
      onClose();
    } catch (err) {
      const field = fieldOfError?.(errorCodeOf(err));
      const text = errorText(err) || t('saveFailed');
      if (field) form.setFields([{ name: field as never, errors: [text] }]);
      else setServerError(text);
    } finally {
      setSaving(false);
    }
  };

  const requestClose = () => {
    if (saving) return;
    if (!formRef.current?.isFieldsTouched()) return onClose();
    modal.confirm({
      title: t('discardTitle'),
      content: t('discardContent'),
      okText: t('discard'),
      cancelText: t('keepEditing'),
      okButtonProps: { danger: true },
      onOk: onClose,
    });
  };

  return (
    <Modal
      open={open}
      title={titles[mode]}
      width={MODAL_WIDTHS[width]}
      onCancel={requestClose}
      maskClosable={false}
      keyboard
      destroyOnHidden
      forceRender={false}
      styles={{ body: { height: 500, maxHeight: 'calc(100vh - 110px)', overflowY: 'auto', paddingBlockStart: 12, paddingInlineEnd: 8 } }}
      footer={[
        <Button key="cancel" onClick={requestClose} disabled={saving}>
          {t('cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} disabled={loading} onClick={() => void submit()}>
          {t('save')}
        </Button>,
      ]}
    >
      {loading ? (
        <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Spin />
        </div>
      ) : (
        <>
          {serverError && <Alert type="error" showIcon title={serverError} closable={{ onClose: () => setServerError(null) }} style={{ marginBottom: 16 }} />}
          <FormBody<V> formRef={formRef} initialValues={initialValues} layout={layout} formProps={formProps} disabled={saving} onEnter={() => void submit()}>
            {children}
          </FormBody>
        </>
      )}
    </Modal>
  );
}

/** The antd Form with a form instance of its own (a fresh store per mount), exposed through `formRef`. */
function FormBody<V extends object>(p: {
  formRef: RefObject<FormInstance<V> | null>;
  initialValues?: Partial<V>;
  layout: 'horizontal' | 'vertical';
  formProps?: Omit<FormProps<V>, 'form' | 'onFinish'>;
  disabled: boolean;
  onEnter: () => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  p.formRef.current = form;
  return (
    <Form<V>
      form={form}
      name="form-modal"
      initialValues={p.initialValues}
      layout={p.layout}
      {...(p.layout === 'horizontal' ? { labelCol: { span: 6 }, wrapperCol: { span: 16 } } : {})}
      {...p.formProps}
      onFinish={p.onEnter}
      disabled={p.disabled}
    >
      {p.children}
      {/* Enter in a text field submits. */}
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </Form>
  );
}
