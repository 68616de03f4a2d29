import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Select } from '../../ui/forms/select';
import { Loading } from '../../ui/loading';
import {
  CLAIM_RESPONSIBILITIES,
  CLAIM_STATES,
  MESSAGE_FILTERS,
  useClerkClaims,
  useIncomingMessages,
  type ClaimResponsibility,
  type ClaimState,
  type MessageFilter,
  type Page,
} from './api/clerk-api';
import { useAgentMessages } from './api/agent-messages-api';
import styles from './clerk.module.css';

/** German label of a claim state (the same words as the customer's tracker). */
export const STATE_LABELS: Readonly<Record<ClaimState, string>> = {
  GEMELDET: 'Gemeldet',
  DECKUNG_GEPRUEFT: 'Deckung geprüft',
  BEGUTACHTET: 'Begutachtet',
  REGULIERT: 'Reguliert',
  ABGELEHNT: 'Abgelehnt',
};

function Paging<T>({ page, onPage }: { page: Page<T>; onPage: (page: number) => void }) {
  const { t } = useTranslation('clerk');
  const pages = Math.max(1, Math.ceil(page.gesamt / page.proSeite));
  if (pages <= 1) return null;
  return (
    <div className={styles.paging}>
      <Button variant="secondary" isDisabled={page.seite <= 1} onPress={() => onPage(page.seite - 1)}>
        {t('inbox.previous')}
      </Button>
      <span>{t('inbox.page', { page: page.seite, pages })}</span>
      <Button variant="secondary" isDisabled={page.seite >= pages} onPress={() => onPage(page.seite + 1)}>
        {t('inbox.next')}
      </Button>
    </div>
  );
}

function MessagesSection() {
  const { t } = useTranslation('clerk');
  const [filter, setFilter] = useState<MessageFilter>('offen');
  const [page, setPage] = useState(1);
  const messages = useIncomingMessages(filter, page);
  return (
    <section className={styles.section} aria-labelledby="kundennachrichten">
      <h2 id="kundennachrichten" className={styles.sectionHeadline}>
        {t('inbox.messagesHeadline')}
      </h2>
      <div className={styles.filters}>
        <Select
          label={t('inbox.messageFilter')}
          isRequired
          options={MESSAGE_FILTERS.map((value) => ({ value, label: t(`inbox.filter.${value}`) }))}
          value={filter}
          onChange={(value) => {
            if (value) {
              setFilter(value as MessageFilter);
              setPage(1);
            }
          }}
        />
      </div>
      {messages.isPending ? (
        <Loading label={t('inbox.loading')} />
      ) : messages.isError ? (
        <EmptyState preset="error" />
      ) : messages.data.items.length === 0 ? (
        <p>{t('inbox.noMessages')}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {messages.data.items.map((message) => (
              <li key={message.id} className={styles.item}>
                <Link to={`/innendienst/nachrichten/${message.id}/`} className={styles.itemTitle}>
                  {message.betreff}
                </Link>
                <p className={styles.meta}>
                  {message.kunde.name} · {message.kunde.partnerNummer}
                  {message.vertrag ? ` · ${t('inbox.contract')} ${message.vertrag.versicherungsNummer}` : ''}
                  {message.themaLabel ? ` · ${message.themaLabel}` : ''}
                </p>
                <p className={styles.meta}>
                  {t('inbox.received')}{' '}
                  <time dateTime={message.erstelldatum}>{formatDate(message.erstelldatum)}</time> ·{' '}
                  {message.beantwortet ? t('inbox.answered') : t('inbox.open')}
                  {message.vomKundenGeloescht ? ` · ${t('inbox.deletedByCustomer')}` : ''}
                </p>
                <p className={styles.body}>{message.vorschau}</p>
              </li>
            ))}
          </ul>
          <Paging page={messages.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** The agents' messages to the agent service (issue 15), unanswered first by default. */
function AgentMessagesSection() {
  const { t } = useTranslation('clerk');
  const [filter, setFilter] = useState<MessageFilter>('offen');
  const [page, setPage] = useState(1);
  const messages = useAgentMessages(filter, page);
  return (
    <section className={styles.section} aria-labelledby="vermittlernachrichten">
      <h2 id="vermittlernachrichten" className={styles.sectionHeadline}>
        {t('inbox.agentMessagesHeadline')}
      </h2>
      <div className={styles.filters}>
        <Select
          label={t('inbox.agentMessageFilter')}
          isRequired
          options={MESSAGE_FILTERS.map((value) => ({ value, label: t(`inbox.filter.${value}`) }))}
          value={filter}
          onChange={(value) => {
            if (value) {
              setFilter(value as MessageFilter);
              setPage(1);
            }
          }}
        />
      </div>
      {messages.isPending ? (
        <Loading label={t('inbox.loading')} />
      ) : messages.isError ? (
        <EmptyState preset="error" />
      ) : messages.data.items.length === 0 ? (
        <p>{t('inbox.noAgentMessages')}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {messages.data.items.map((message) => (
              <li key={message.id} className={styles.item}>
                <Link to={`/innendienst/vermittler-nachrichten/${message.id}/`} className={styles.itemTitle}>
                  {message.betreff}
                </Link>
                <p className={styles.meta}>
                  {message.vermittler.name} · {message.vermittler.agentur} ·{' '}
                  {t('inbox.agentNumber', { number: message.vermittler.vermittlerNummer })} ·{' '}
                  {message.themaLabel}
                </p>
                <p className={styles.meta}>
                  {t('inbox.received')}{' '}
                  <time dateTime={message.erstelldatum}>{formatDate(message.erstelldatum)}</time> ·{' '}
                  {message.beantwortetAm ? t('inbox.answered') : t('inbox.open')}
                  {message.anhaenge.length > 0
                    ? ` · ${t('inbox.attachments', { count: message.anhaenge.length })}`
                    : ''}
                </p>
              </li>
            ))}
          </ul>
          <Paging page={messages.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** The claims of one state (or all), newest first, with customer and contract. */
export function ClaimsSection({ initialState }: { initialState: ClaimState | 'alle' }) {
  const { t } = useTranslation('clerk');
  const [status, setStatus] = useState<ClaimState | 'alle'>(initialState);
  const [responsibility, setResponsibility] = useState<ClaimResponsibility>('alle');
  const [page, setPage] = useState(1);
  const claims = useClerkClaims(status, page, responsibility);
  const empty =
    responsibility === 'ich'
      ? t('inbox.noOwnClaims')
      : responsibility === 'niemand'
        ? t('inbox.noUnhandledClaims')
        : t('inbox.noClaims');
  return (
    <section className={styles.section} aria-labelledby="schaeden">
      <h2 id="schaeden" className={styles.sectionHeadline}>
        {t('inbox.claimsHeadline')}
      </h2>
      <div className={styles.filters}>
        <Select
          label={t('inbox.claimFilter')}
          isRequired
          options={[
            { value: 'alle', label: t('inbox.allStates') },
            ...CLAIM_STATES.map((value) => ({ value, label: STATE_LABELS[value] })),
          ]}
          value={status}
          onChange={(value) => {
            if (value) {
              setStatus(value as ClaimState | 'alle');
              setPage(1);
            }
          }}
        />
        <Select
          label={t('inbox.responsibilityFilter')}
          isRequired
          options={CLAIM_RESPONSIBILITIES.map((value) => ({
            value,
            label: t(`inbox.responsibility.${value}`),
          }))}
          value={responsibility}
          onChange={(value) => {
            if (value) {
              setResponsibility(value as ClaimResponsibility);
              setPage(1);
            }
          }}
        />
      </div>
      {claims.isPending ? (
        <Loading label={t('inbox.loading')} />
      ) : claims.isError ? (
        <EmptyState preset="error" />
      ) : claims.data.items.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {claims.data.items.map((claim) => (
              <li key={claim.claimId} className={styles.item}>
                <Link to={`/innendienst/schaeden/${claim.claimId}/`} className={styles.itemTitle}>
                  {claim.schadennummer} · {claim.produktName}
                </Link>
                <p className={styles.meta}>
                  {claim.partnerName} · {claim.partnerNummer} · {t('inbox.contract')} {claim.vertragsnummer}
                </p>
                <p className={styles.meta}>
                  {claim.statusLabel} · {t('inbox.damageDay')} {formatDate(claim.schadentag)} ·{' '}
                  {t('inbox.reportedOn')}{' '}
                  <time dateTime={claim.gemeldetAm}>{formatDate(claim.gemeldetAm)}</time>
                  {claim.offeneDokumente > 0
                    ? ` · ${t('inbox.openDocuments', { count: claim.offeneDokumente })}`
                    : ''}
                </p>
                <p className={styles.meta}>
                  {claim.bearbeiter === null
                    ? t('inbox.unhandled')
                    : claim.bearbeiter.ich
                      ? t('inbox.handledByYou')
                      : t('inbox.handledBy', { name: claim.bearbeiter.name })}
                </p>
              </li>
            ))}
          </ul>
          <Paging page={claims.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** /innendienst/: what came in, customer and agent messages (unanswered first) and newly reported claims. */
export function ClerkInboxPage() {
  const { t } = useTranslation('clerk');
  useDocumentTitle(t('inbox.title', { brand: useBrandName() }));
  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('inbox.headline')}</h1>
      <p>{t('inbox.intro')}</p>
      <MessagesSection />
      <AgentMessagesSection />
      <ClaimsSection initialState="GEMELDET" />
    </div>
  );
}

/** /innendienst/schaeden/: every claim, filtered by state. */
export function ClerkClaimsPage() {
  const { t } = useTranslation('clerk');
  useDocumentTitle(t('inbox.title', { brand: useBrandName() }));
  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('nav.claims')}</h1>
      <ClaimsSection initialState="alle" />
    </div>
  );
}
