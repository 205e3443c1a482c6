/**
 * The choose-parent dialog (SPEC §2 "Organisation relation: tree and a choose-parent dialog"; §5
 * Relation: a parent is required and never the organisation itself; the root has no parent): the lazy
 * tenant tree, where the organisation and its descendants cannot be chosen; OK moves the organisation
 * with its subtree under the chosen parent (`moveorg`). A single organisation joins the tree this way;
 * a leaf of the tree can also be taken out of it here ("take out of the tree", `detachorg`: it becomes
 * a single organisation again).
 */
import { useState } from 'react';
import { Alert, App, Button, Modal, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TenantOrgNode, TenantOrgRow } from '@mp/protocol';
import { detachOrg, moveOrg } from '../../../../api/organisation';
import { MODAL_WIDTHS } from '../../../../components/FormModal';
import { TenantOrgTree } from '../../../../components/TenantOrgTree';

export interface ChooseParentModalProps {
  org?: TenantOrgRow;
  onClose: () => void;
  onMoved: () => void;
}

export default function ChooseParentModal({ org, onClose, onMoved }: ChooseParentModalProps) {
  const { t } = useTranslation(['organisation', 'common']);
  const { message } = App.useApp();
  const [parent, setParent] = useState<TenantOrgNode | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setParent(undefined);
    setError(null);
    onClose();
  };
  const disableNode = (n: TenantOrgNode) => !!org && n.path.startsWith(org.path);

  /** Runs a move or a take-out: on success the message, a reset and `onMoved`; an error stays in the dialog. */
  const run = async (work: () => Promise<unknown>, done: string) => {
    setSaving(true);
    try {
      await work();
      void message.success(done);
      setParent(undefined);
      setError(null);
      onMoved();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const detach = () => org && run(() => detachOrg(org.id, { noToast: true }), t('detached'));
  const canDetach = !!org && !org.root && !org.single && !org.hasChildren;

  const submit = () => {
    if (!org) return;
    if (!parent) {
      setError(t('parentRequired'));
      return;
    }
    return run(() => moveOrg({ id: org.id, parentId: parent.id }, { noToast: true }), t('moved'));
  };

  return (
    <Modal
      open={!!org}
      title={t('chooseParentTitle')}
      width={MODAL_WIDTHS.small}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          {canDetach && (
            <Popconfirm title={t('detachConfirm', { name: org!.name })} onConfirm={detach}>
              <Button disabled={saving}>{t('action.detach')}</Button>
            </Popconfirm>
          )}
          <Button onClick={close}>{t('common:cancel')}</Button>
          <Button type="primary" loading={saving} onClick={submit}>
            {t('common:ok')}
          </Button>
        </Space>
      }
    >
      {org && <Typography.Paragraph type="secondary">{t('chooseParentHint', { name: org.name })}</Typography.Paragraph>}
      <div role="group" aria-label={t('chooseParentTitle')}>
        <TenantOrgTree
          height={400}
          selectedId={parent?.id}
          disableNode={disableNode}
          onSelect={(n) => {
            if (!disableNode(n)) {
              setParent(n);
              setError(null);
            }
          }}
        />
      </div>
      {parent && <Typography.Paragraph style={{ marginTop: 8 }}>{t('selectedOrg', { name: parent.name })}</Typography.Paragraph>}
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 8 }} />}
    </Modal>
  );
}
