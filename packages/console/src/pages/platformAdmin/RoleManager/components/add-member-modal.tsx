/**
 * The add-member dialog (SPEC §2 "add-member dialog", §5 "at least one user to add"): the tenant's
 * users not yet in the role (`listusernotinrole`), searched and paged on the server, chosen with
 * check boxes across pages; OK adds them (`addroleuser`) or warns when none is chosen (UserChoiceModal).
 */
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@mp/protocol';
import UserChoiceModal from '../../../../components/UserChoiceModal';
import { useRoleCalls } from './role-calls';
import { useMemberColumns } from './member-columns';

export interface AddMemberModalProps {
  open: boolean;
  tenantId: string;
  role: RoleRow | undefined;
  onClose: () => void;
  onAdded: () => void;
}

export default function AddMemberModal({ open, tenantId, role, onClose, onAdded }: AddMemberModalProps) {
  const { t } = useTranslation('role');
  const { addRoleUsers, listUsersNotInRole } = useRoleCalls();
  const columns = useMemberColumns();
  const roleId = role?.roleId ?? '';
  return (
    <UserChoiceModal
      open={open}
      texts={{
        title: t('members.addTitle', { name: role?.roleName ?? '' }),
        keyword: t('members.keyword'),
        required: t('members.userRequired'),
        added: t('members.added'),
        selected: (count) => t('members.selected', { count }),
      }}
      columns={columns}
      queryKey={['roleCandidates', tenantId, roleId]}
      enabled={Boolean(roleId)}
      fetchPage={(q) => listUsersNotInRole({ tenantId, roleId, ...q })}
      onSubmit={(ids) => addRoleUsers(tenantId, roleId, ids)}
      onClose={onClose}
      onAdded={onAdded}
    />
  );
}
