/**
 * The add-member dialog (SPEC §5 Station "at least one user chosen to add as member"): the tenant's
 * users not holding the station (`listusernotinstation`), searched and paged on the server, chosen with
 * check boxes across pages; OK gives them the station (`addstationuser`) or warns when none is chosen
 * (UserChoiceModal). Candidates show the station they hold now: adding moves them from it.
 */
import { useTranslation } from 'react-i18next';
import UserChoiceModal from '../../../../components/UserChoiceModal';
import { addStationUsers, listUsersNotInStation } from '../../../../api/station-management';
import { useStationMemberColumns } from './member-columns';

export interface AddStationMemberModalProps {
  open: boolean;
  station: { id: string; name: string } | undefined;
  onClose: () => void;
  onAdded: () => void;
}

export default function AddStationMemberModal({ open, station, onClose, onAdded }: AddStationMemberModalProps) {
  const { t } = useTranslation('station');
  const base = useStationMemberColumns();
  const columns = [
    ...base.slice(0, 3),
    { title: t('members.currentStation'), key: 'stationName', dataIndex: 'stationName', width: 140, ellipsis: true },
    ...base.slice(3, 4),
  ];
  const stationId = station?.id ?? '';
  return (
    <UserChoiceModal
      open={open}
      texts={{
        title: t('members.addTitle', { name: station?.name ?? '' }),
        keyword: t('members.keyword'),
        required: t('members.userRequired'),
        added: t('members.added'),
        selected: (count) => t('members.selected', { count }),
      }}
      columns={columns}
      queryKey={['stationCandidates', stationId]}
      enabled={Boolean(stationId)}
      fetchPage={(q) => listUsersNotInStation({ stationId, ...q })}
      onSubmit={(ids) => addStationUsers(stationId, ids)}
      onClose={onClose}
      onAdded={onAdded}
    />
  );
}
