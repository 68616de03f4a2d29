// A contract keeps at most one pending change per kind: saving a new one replaces it. The note says
// so before the person calculates, with the date the pending change would take effect.
import { useTranslation } from 'react-i18next';
import type { PendingChangeType } from '@schirm/domain/contract/contract-record';
import { formatDate } from '@schirm/domain/format/date';
import { InfoBox } from '../../ui/info-box';
import type { SelfServiceContract } from './api/self-service-api';

export function PendingNote({ contract, type }: { contract: SelfServiceContract; type: PendingChangeType }) {
  const { t } = useTranslation('self-service');
  const pending = contract.vorgemerkteAenderungen.find((change) => change.typ === type);
  if (!pending) return null;
  return (
    <InfoBox variant="info" headline={t('choice.pendingTitle')}>
      <p>{t('choice.pendingText', { date: formatDate(pending.wirksamkeitsdatum) })}</p>
    </InfoBox>
  );
}
