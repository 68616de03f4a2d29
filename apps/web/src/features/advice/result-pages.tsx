// The public agent link's result pages (spec §2): /beratung/agent/notfound/ (no active agent for
// the link: unknown, inactive, forged or changed; never another agent) and /antrag/sorry/agent/
// (the agent does not sell the product).
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { ErrorScreen } from '../../ui/error-screen';

function AdviceResult({ page }: { page: 'notFound' | 'sorryAgent' }) {
  const { t } = useTranslation('advice');
  useDocumentTitle(t(`${page}.title`, { brand: useBrandName() }));
  return (
    <ErrorScreen
      headline={t(`${page}.headline`)}
      subline={t(`${page}.subline`)}
      explanation={t(`${page}.explanation`)}
      action={{ label: t(`${page}.action`), href: '/' }}
    />
  );
}

/** /beratung/agent/notfound/. */
export function AgentNotFoundPage() {
  return <AdviceResult page="notFound" />;
}

/** /antrag/sorry/agent/. */
export function SorryAgentPage() {
  return <AdviceResult page="sorryAgent" />;
}
