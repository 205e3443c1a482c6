/**
 * Small helpers of the page designer: the grants confirmation of calls that may drop controls roles hold
 * (SPEC §4 "deleting a control with permission configuration asks confirmation"), and saving an exported
 * setting file.
 */
import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { withGrantConfirm } from '../../../../api/app-pages';

/**
 * Returns `run(call)`: sends `call(false)`; when the server answers `confirmRequired`, asks the user (a
 * dialog naming the number of roles) and sends `call(true)`. Resolves the answer, or null when declined.
 */
export function useGrantConfirm() {
  const { t } = useTranslation(['apppage', 'common']);
  const { modal } = App.useApp();
  return useCallback(
    <R extends { confirmRequired: boolean; roles: number }>(call: (confirm: boolean) => Promise<R>) =>
      withGrantConfirm(
        call,
        (roles) =>
          new Promise<boolean>((resolve) => {
            modal.confirm({
              title: t('grantsTitle'),
              content: t('grantsContent', { roles }),
              okText: t('common:ok'),
              cancelText: t('common:cancel'),
              okButtonProps: { danger: true },
              onOk: () => resolve(true),
              onCancel: () => resolve(false),
            });
          }),
      ),
    [modal, t],
  );
}

/** Saves `content` as a file named `fileName` (a JSON setting file). */
export function downloadText(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads a chosen setting file: `.json` only, at most 1 MiB; answers the text or the key of the problem. */
export async function readSettingFile(file: File, maxBytes: number): Promise<{ content: string } | { problem: 'fileType' | 'fileTooLarge' }> {
  if (!/\.json$/i.test(file.name)) return { problem: 'fileType' };
  if (file.size > maxBytes) return { problem: 'fileTooLarge' };
  return { content: await file.text() };
}
