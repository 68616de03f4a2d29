import { Link, useParams } from 'react-router';
import { formatDate, formatDateTime } from '@schirm/domain/format/date';
import { useDocumentTitle } from '../../lib/document-title';
import {
  ContractFacts,
  Empty,
  PendingChanges,
  PremiumHistory,
  PremiumTable,
  Section,
  TaskTable,
} from '../../ui/back-office/back-office-parts';
import layout from '../../ui/back-office/back-office.module.css';
import { buttonClassName } from '../../ui/button';
import { Loading } from '../../ui/loading';
import { AGENT_CHANGE_SLUGS, agentChangePath } from './agent-changes';
import { useAgentContract, type AgentContract } from './agent-customers-api';
import { DocumentList, LoadFailure, useAgentTexts } from './shared';

/** The pending changes, and the changes agents saved for the customer. */
function Pending({ contract }: { contract: AgentContract }) {
  const { t } = useAgentTexts();
  return (
    <>
      <PendingChanges changes={contract.vorgemerkteAenderungen} />
      {contract.aenderungenDurchVermittler.length > 0 ? (
        <>
          <h3>{t('contract.byAgent')}</h3>
          <ul className={layout.plainList}>
            {contract.aenderungenDurchVermittler.map((entry) => (
              <li key={entry.am}>
                {t('contract.byAgentEntry', {
                  date: formatDateTime(entry.am),
                  bezeichnung: entry.bezeichnung,
                  ab: formatDate(entry.wirksamkeitsdatum),
                  agent: entry.vermittler,
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** The changes the contract offers, as links to the customer's pages opened for the agent. */
function Changes({ contract }: { contract: AgentContract }) {
  const { t } = useAgentTexts();
  const offered = AGENT_CHANGE_SLUGS.filter((slug) => contract.selbstServices.includes(slug));
  const missing = contract.nichtAngeboteneAenderungen.filter((entry) =>
    (AGENT_CHANGE_SLUGS as readonly string[]).includes(entry.aenderung),
  );
  return (
    <>
      <p>{t('contract.changesIntro')}</p>
      <h3 id="aenderung-angeboten">{t('contract.offeredTitle')}</h3>
      {offered.length === 0 ? (
        <Empty>{t('contract.noChanges')}</Empty>
      ) : (
        <ul className={layout.plainList} aria-labelledby="aenderung-angeboten">
          {offered.map((slug) => (
            <li key={slug}>
              <Link to={agentChangePath(contract.vertragsnummer, slug)}>{t(`contract.kind.${slug}`)}</Link>
            </li>
          ))}
        </ul>
      )}
      {missing.length > 0 ? (
        <>
          <h3 id="aenderung-nicht-angeboten">{t('contract.notOfferedTitle')}</h3>
          <ul className={layout.plainList} aria-labelledby="aenderung-nicht-angeboten">
            {missing.map((entry) => (
              <li key={entry.aenderung}>
                {t('contract.notOfferedEntry', {
                  change: t(`contract.kind.${entry.aenderung}`),
                  reason:
                    entry.grund === 'VERTRAGSSTAND' && contract.vertragsende
                      ? t('contract.reason.VERTRAGSENDE', { date: formatDate(contract.vertragsende) })
                      : t(`contract.reason.${entry.grund}`),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function ContractSections({ contract }: { contract: AgentContract }) {
  const { t } = useAgentTexts();
  return (
    <>
      <Section id="vertrag" headline={t('contract.summary')}>
        <ContractFacts contract={contract} />
        {contract.inhaberwechsel ? (
          <p>
            <Link
              className={buttonClassName({ variant: 'secondary' })}
              to={`/vermittler/vertraege/details/${contract.vertragsnummer}/inhaberwechsel/`}
            >
              {t('contract.holderChange')}
            </Link>
          </p>
        ) : null}
        {contract.tarifwechsel ? (
          <p>
            <Link
              className={buttonClassName({ variant: 'secondary' })}
              to={`/vermittler/betriebshaftpflicht/wechsel/?vertrag=${contract.vertragsnummer}`}
            >
              {t('contract.tariffChange')}
            </Link>
          </p>
        ) : null}
      </Section>
      <Section id="beitraege" headline={t('customer.premiums')}>
        <PremiumTable items={contract.offeneBeitraege} />
      </Section>
      <Section id="verlauf" headline={t('contract.history')}>
        <PremiumHistory steps={contract.beitragsverlauf} />
      </Section>
      <Section id="vorgemerkt" headline={t('contract.pending')}>
        <Pending contract={contract} />
      </Section>
      <Section id="aenderung" headline={t('contract.changes')}>
        <Changes contract={contract} />
      </Section>
      <Section id="aufgaben" headline={t('contract.tasks')}>
        <TaskTable tasks={contract.aufgaben} empty={t('contract.noTasks')} />
      </Section>
      <Section id="dokumente" headline={t('contract.documents')}>
        <DocumentList documents={contract.dokumente} empty={t('contract.noDocuments')} />
      </Section>
    </>
  );
}

/** /vermittler/vertraege/details/:vertragsnummer/: one contract as the agent sees it (issue 15). */
export function ContractPage() {
  const { t } = useAgentTexts();
  const { vertragsnummer = '' } = useParams();
  const contract = useAgentContract(vertragsnummer);
  useDocumentTitle(t('contract.title', { nummer: vertragsnummer }));
  return (
    <div className={layout.page}>
      {contract.data ? (
        <p>
          <Link to={`/vermittler/kunde/${contract.data.partnerNummer}/`}>{t('common.backToCustomer')}</Link>
        </p>
      ) : null}
      <header className={layout.header}>
        <h1>{t('contract.title', { nummer: vertragsnummer })}</h1>
        {contract.data ? (
          <p className={layout.muted}>{t('contract.customer', { name: contract.data.kundenName })}</p>
        ) : null}
      </header>
      {contract.isPending ? (
        <Loading isBlock label={t('common.loading')} />
      ) : contract.isError ? (
        <LoadFailure error={contract.error} />
      ) : (
        <ContractSections contract={contract.data} />
      )}
    </div>
  );
}
