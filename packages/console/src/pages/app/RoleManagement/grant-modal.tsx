/**
 * Authorisation of an application role or a permission template (SPEC §2 role authorisation, API
 * authorisation; §4 "ticking write keeps read ticked"; docs/applications.md "Application roles and
 * permission templates"): the application's permission tree (`menu`: menus → forms → controls with Read
 * and Write) or API tree (`api`: one box per API), with the owner's bits. Save replaces the owner's set of
 * that tree. The tenant area's tree part (PurviewTree) is reused as is.
 */
import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppTreeKind } from '@mp/protocol';
import GrantModalFrame from '../../platformAdmin/RoleManager/components/grant-modal-frame';
import PurviewTree, { bitsOfTree, itemsOf } from '../../tenancy/RoleManagement/components/purview-tree';
import { ownerPurview, saveOwnerPurview, type GrantOwnerRef } from '../../../api/app-roles';

export interface OwnerGrantModalProps {
  owner: GrantOwnerRef | undefined;
  tree: AppTreeKind;
  /** A note above the tree (a synced role's warning, a template's following roles). */
  note?: string;
  onClose: () => void;
  onSaved?: () => void;
}

export default function OwnerGrantModal({ owner, tree, note, onClose, onSaved }: OwnerGrantModalProps) {
  const { t } = useTranslation(['approle', 'role']);
  const open = Boolean(owner);
  const { data, isLoading } = useQuery({
    queryKey: ['roleGrant', 'appowner', owner?.type, owner?.id, tree],
    queryFn: () => ownerPurview(owner!, tree),
    enabled: open,
    gcTime: 0,
  });
  const [bits, setBits] = useState<Map<string, number>>(new Map());
  useEffect(() => {
    setBits(bitsOfTree(data ?? []));
  }, [data]);
  const title = t(tree === 'menu' ? 'grant.menuTitle' : 'grant.apiTitle', { name: owner?.name ?? '' });
  const save = async () => {
    await saveOwnerPurview(owner!, tree, itemsOf(bits));
    onSaved?.();
  };
  return (
    <GrantModalFrame
      open={open}
      title={title}
      hint={tree === 'menu' ? t('role:grant.writeHint') : undefined}
      loading={isLoading}
      onSave={save}
      onClose={onClose}
    >
      {note && <Alert type="warning" showIcon title={note} style={{ marginBottom: 12 }} />}
      <PurviewTree
        nodes={data ?? []}
        bits={bits}
        mode={tree === 'menu' ? 'rw' : 'api'}
        ariaLabel={title}
        onChange={(id, p) => setBits((prev) => new Map(prev).set(id, p))}
      />
    </GrantModalFrame>
  );
}
