/**
 * Field messages follow a language switch: antd computes a rule's message when it validates, so errors
 * already on screen would stay in the old language. On a switch, the fields showing errors are
 * validated again (a server-set error that the rules do not produce disappears until the next try).
 */
import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export function useRelocalisedErrors(form: FormInstance): void {
  const { i18n } = useTranslation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const names = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name);
    if (names.length) void form.validateFields(names).catch(() => undefined);
  }, [i18n.language, form]);
}
