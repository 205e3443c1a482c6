/**
 * The add-member dialog of organisation members (SPEC §5 "at least one user to add"): users of the
 * caller's data scope not yet in the organisation (`listusernotinorg`), searched and paged on the
 * server, chosen across pages with the shared UserChoiceModal; OK adds them (`addorguser`).
 */
import { useTranslation } from 'react-i18next';
import UserChoiceModal from '../../../../components/UserChoiceModal';
import { addOrgMembers, listOrgCandidates } from '../../../../api/orgmember';
import { useOrgCandidateColumns } from './member-columns';

export interface AddOrgMemberModalProps {
  open: boolean;
  org: { id: string; name: string } | undefined;
  onClose: () => void;
  onAdded: () => void;
}

export default function AddOrgMemberModal({ open, org, onClose, onAdded }: AddOrgMemberModalProps) {
  const { t } = useTranslation('orgmember');
  const columns = useOrgCandidateColumns();
  const orgId = org?.id ?? '';
  return (
    <UserChoiceModal
      open={open}
      texts={{
        title: t('addTitle', { name: org?.name ?? '' }),
        keyword: t('keyword'),
        required: t('userRequired'),
        added: t('added'),
        selected: (count) => t('selected', { count }),
      }}
      columns={columns}
      queryKey={['orgMemberCandidates', orgId]}
      enabled={Boolean(orgId)}
      fetchPage={(q) => listOrgCandidates({ orgId, ...q })}
      onSubmit={(ids) => addOrgMembers(orgId, ids)}
      onClose={onClose}
      onAdded={onAdded}
    />
  );
}
