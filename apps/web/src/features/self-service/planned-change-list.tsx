// Pending changes as a list, each with its date ('Elementarschutz: eingeschlossen ab 01.12.2026'):
// above a form (what it starts from) and in a preview (what it replaces or takes back).
import { useTranslation } from 'react-i18next';
import { formatDate } from '@schirm/domain/format/date';
import type { PlannedChange } from './api/self-service-api';

export function PlannedChangeList({ changes }: { changes: readonly PlannedChange[] }) {
  const { t } = useTranslation('self-service');
  return (
    <ul>
      {changes.map((change) => (
        <li key={`${change.typ}-${change.wirksamkeitsdatum}`}>
          {t('page.plannedItem', { change: change.bezeichnung, date: formatDate(change.wirksamkeitsdatum) })}
        </li>
      ))}
    </ul>
  );
}
