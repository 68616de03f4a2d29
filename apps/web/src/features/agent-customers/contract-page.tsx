import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate, formatDateTime } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import { useDocumentTitle } from '../../lib/document-title';
import { buttonClassName } from '../../ui/button';
import { Loading } from '../../ui/loading';
import { AGENT_CHANGE_SLUGS, agentChangePath } from './agent-changes';
import { useAgentContract, type AgentContract } from './agent-customers-api';
import { DocumentList, Empty, Fact, LoadFailure, NS, PremiumTable, Section, TaskTable } from './shared';
import styles from './agent-customers.module.css';

function History({ contract }: { contract: AgentContract }) {
  const { t } = useTranslation(NS);
  if (contract.beitragsverlauf.length === 0) return <Empty>{t('contract.noHistory')}</Empty>;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('contract.gueltigAb')}</th>
          <th scope="col">{t('contract.beitragProPeriode')}</th>
          <th scope="col">{t('customer.jaehrlicherBeitrag')}</th>
          <th scope="col">{t('contract.grund')}</th>
        </tr>
      </thead>
      <tbody>
        {contract.beitragsverlauf.map((step, index) => (
          <tr key={`${step.gueltigAb}-${index}`}>
            <td data-label={t('contract.gueltigAb')}>{formatDate(step.gueltigAb)}</td>
            <td data-label={t('contract.beitragProPeriode')}>
              {formatMoney(step.beitragProPeriode)} {t(`zahlweise.${step.zahlweise}`)}
            </td>
            <td data-label={t('customer.jaehrlicherBeitrag')}>
              {step.jahresbeitrag === null ? '–' : formatMoney(step.jahresbeitrag)}
            </td>
            <td data-label={t('contract.grund')}>{t(`grund.${step.grund}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Pending({ contract }: { contract: AgentContract }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {contract.vorgemerkteAenderungen.length === 0 ? (
        <Empty>{t('contract.noPending')}</Empty>
      ) : (
        <ul className={styles.plainList}>
          {contract.vorgemerkteAenderungen.map((change) => (
            <li key={`${change.typ}-${change.wirksamkeitsdatum}`}>
              {change.bezeichnung}, {t('contract.ab', { date: formatDate(change.wirksamkeitsdatum) })}
              {change.neuerBeitrag !== undefined && change.zahlweise
                ? `, ${t('contract.neuerBeitrag', {
                    amount: formatMoney(change.neuerBeitrag),
                    zahlweise: t(`zahlweise.${change.zahlweise}`),
                  })}`
                : null}
            </li>
          ))}
        </ul>
      )}
      {contract.aenderungenDurchVermittler.length > 0 ? (
        <>
          <h3>{t('contract.byAgent')}</h3>
          <ul className={styles.plainList}>
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
  const { t } = useTranslation(NS);
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
        <ul className={styles.plainList} aria-labelledby="aenderung-angeboten">
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
          <ul className={styles.plainList} aria-labelledby="aenderung-nicht-angeboten">
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
  const { t } = useTranslation(NS);
  const ort = contract.risikoOrt;
  return (
    <>
      <Section id="vertrag" headline={t('contract.summary')}>
        <dl className={styles.facts}>
          <Fact label={t('customer.produkt')}>{contract.versicherungsName}</Fact>
          <Fact label={t('customer.status')}>{t(`status.${contract.status}`)}</Fact>
          <Fact label={t('customer.beginn')}>{formatDate(contract.vertragsbeginn)}</Fact>
          <Fact label={t('customer.ende')}>
            {contract.vertragsende ? formatDate(contract.vertragsende) : undefined}
          </Fact>
          <Fact label={t('customer.jaehrung')}>
            {contract.naechsteVertragsjaehrung ? formatDate(contract.naechsteVertragsjaehrung) : undefined}
          </Fact>
          <Fact label={t('contract.zahlweise')}>{t(`zahlweise.${contract.zahlweise}`)}</Fact>
          <Fact label={t('customer.folgeBeitrag')}>
            {contract.folgeBeitrag === null ? undefined : formatMoney(contract.folgeBeitrag)}
          </Fact>
          <Fact label={t('customer.jaehrlicherBeitrag')}>
            {contract.jaehrlicherBeitrag === null ? undefined : formatMoney(contract.jaehrlicherBeitrag)}
          </Fact>
          <Fact label={t('customer.iban')}>{contract.bankverbindung?.iban}</Fact>
          <Fact label={t('contract.risikoOrt')}>
            {ort ? `${ort.strasse} ${ort.hausnummer}, ${ort.plz} ${ort.ort}` : undefined}
          </Fact>
          <Fact label={t('contract.vermittler')}>
            {contract.vermittler
              ? `${contract.vermittler.name} (${contract.vermittler.vermittlerNummer})`
              : undefined}
          </Fact>
        </dl>
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
        <History contract={contract} />
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
  const { t } = useTranslation(NS);
  const { vertragsnummer = '' } = useParams();
  const contract = useAgentContract(vertragsnummer);
  useDocumentTitle(t('contract.title', { nummer: vertragsnummer }));
  return (
    <div className={styles.page}>
      {contract.data ? (
        <p>
          <Link to={`/vermittler/kunde/${contract.data.partnerNummer}/`}>{t('common.backToCustomer')}</Link>
        </p>
      ) : null}
      <header className={styles.header}>
        <h1>{t('contract.title', { nummer: vertragsnummer })}</h1>
        {contract.data ? (
          <p className={styles.muted}>{t('contract.customer', { name: contract.data.kundenName })}</p>
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
