import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAufgaben } from './agent-tasks-api';

const OPEN_TASKS = { status: 'Offen', typ: '', ueberfaellig: false, seite: 1 } as const;

/**
 * The agent start page's line on open activities: how many are open (in the agent's scope) and a
 * link to the list. While loading it says so; on an error it still offers the link.
 */
export function OpenTasksSummary() {
  const { t } = useTranslation('agent-tasks');
  const tasks = useAufgaben(OPEN_TASKS);
  const count = tasks.data?.gesamt;
  return (
    <p role="status">
      {tasks.isPending
        ? t('summary.loading')
        : count === undefined
          ? t('summary.failed')
          : count === 0
            ? t('summary.none')
            : t('summary.open', { count })}{' '}
      <Link to="/vermittler/aktivitaeten/">{t('summary.link')}</Link>
    </p>
  );
}
