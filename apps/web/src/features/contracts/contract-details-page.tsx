import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { claimProductOf } from '@schirm/domain/claims/products';
import { CONTRACT_PRODUCT_META, productKeyOf } from '@schirm/domain/contract/product-meta';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import { formatGermanNumber } from '@schirm/domain/format/number';
import { useDocumentTitle } from '../../lib/document-title';
import { documentFileName } from '../../lib/download-document';
import { useFlag } from '../../lib/flags';
import { RequestError } from '../../lib/query-client';
import { useBrandName } from '../../lib/shell-context';
import { buttonClassName } from '../../ui/button';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { EmptyState } from '../../ui/empty-state';
import { Loading } from '../../ui/loading';
import { PageHelp } from '../../ui/page-help';
import { useContract, useContracts, type ContractDetails } from './api/contracts-api';
import { ContractConfirmation } from './contract-confirmation';
import { premiumPerPeriod } from './contract-labels';
import { OverduePremium } from './overdue-premium';
import styles from './contracts.module.css';

function Section({ id, headline, children }: { id: string; headline: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-headline`}>
      <h2 id={`${id}-headline`} className={styles.sectionHeadline}>
        {headline}
      </h2>
      {children}
    </section>
  );
}

/** A label and its value; nothing when the value does not apply to this contract. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === undefined || children === null || children === false) return null;
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const date = (value: string | undefined) => (value ? formatDate(value) : undefined);

const isActive = (contract: ContractDetails) =>
  contract.vertragsstatus === 'LAUFEND' || contract.vertragsstatus === 'AUSLAUFEND';

/** How the term stands, by status and end: it ends, it ended, or it renews at the end of the term. */
function TermNote({ contract }: { contract: ContractDetails }) {
  const { t } = useTranslation('contracts');
  if (contract.vertragsende) {
    const key = isActive(contract) ? 'details.term.ends' : 'details.term.ended';
    return <p>{t(key, { date: formatDate(contract.vertragsende) })}</p>;
  }
  if (isActive(contract) && contract.ablaufdatum) {
    return <p>{t('details.term.renews', { date: formatDate(contract.ablaufdatum) })}</p>;
  }
  return null;
}

/** The self-service links; a cancelled contract can at most still be revoked, not cancelled again. */
function Actions({ contract }: { contract: ContractDetails }) {
  const { t } = useTranslation('contracts');
  const ending =
    contract.vertragsstatus === 'AUSLAUFEND' && contract.vertragsende ? (
      <p>{t('details.actionsEnding', { date: formatDate(contract.vertragsende) })}</p>
    ) : null;
  if (contract.selbstServices.length === 0) return ending ?? <p>{t('details.noActions')}</p>;
  return (
    <>
      {ending}
      <ul className={styles.plainList}>
        {contract.selbstServices.map((slug) => (
          <li key={slug}>
            <Link to={`/kunden/${slug}/?vertrag=${contract.versicherungsNummer}`}>
              {slug === 'kuendigen-widerrufen' && contract.kuendbar === 'NEIN'
                ? t('details.actionRevoke')
                : t(`details.action.${slug}`)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function ContractSections({ contract }: { contract: ContractDetails }) {
  const { t } = useTranslation('contracts');
  const yesNo = (value: boolean | undefined) =>
    value === undefined ? undefined : value ? t('details.yes') : t('details.no');
  const sb = contract.selbstBeteiligung;
  const risiken = contract.fahrrad?.versicherteRisiken;
  const single = contract.zahlweise === 'EINMALIG';
  return (
    <div className={styles.sections}>
      <OverduePremium contract={contract} />
      <Section id="vertrag" headline={t('details.contract')}>
        <dl className={styles.facts}>
          <Fact label={t('overview.number')}>{contract.versicherungsNummer}</Fact>
          <Fact label={t('overview.status')}>{t(`status.${contract.vertragsstatus}`)}</Fact>
          <Fact label={t('details.kuendbar')}>{t(`details.kuendbarValue.${contract.kuendbar}`)}</Fact>
          <Fact label={t('details.widerrufbar')}>{yesNo(contract.widerrufbar)}</Fact>
        </dl>
        <TermNote contract={contract} />
      </Section>

      <Section id="beitrag" headline={t('details.amounts')}>
        <dl className={styles.facts}>
          <Fact label={t(single ? 'details.einmalbeitrag' : 'details.versicherungsPraemie')}>
            {premiumPerPeriod(t, contract)}
          </Fact>
          <Fact label={t('details.jahresVersicherungsPraemie')}>
            {contract.jahresVersicherungsPraemie === undefined
              ? undefined
              : formatMoney(contract.jahresVersicherungsPraemie)}
          </Fact>
          <Fact label={t('details.versicherungsSumme')}>
            {contract.versicherungsSumme === undefined ? undefined : formatMoney(contract.versicherungsSumme)}
          </Fact>
          <Fact label={t('details.selbstBeteiligung')}>
            {sb
              ? sb.unit === 'ABSOLUT'
                ? formatMoney(sb.value)
                : t('details.selbstBeteiligungProzent', { value: formatGermanNumber(sb.value) })
              : undefined}
          </Fact>
          <Fact label={t('details.jahresumsatz')}>
            {contract.jahresumsatz ? formatMoney(contract.jahresumsatz.value) : undefined}
          </Fact>
        </dl>
        {single ? <p>{t('details.einmalbeitragNote')}</p> : null}
      </Section>

      <Section id="termine" headline={t('details.dates')}>
        <dl className={styles.facts}>
          <Fact label={t('details.antragsdatum')}>{date(contract.antragsdatum)}</Fact>
          <Fact label={t('details.vertragsBeginn')}>{date(contract.vertragsBeginn)}</Fact>
          <Fact label={t('details.beginnverlegung')}>{date(contract.beginnverlegung)}</Fact>
          <Fact label={t('details.hauptfaelligkeit')}>{date(contract.hauptfaelligkeit)}</Fact>
          <Fact label={t('details.ablaufdatum')}>{date(contract.ablaufdatum)}</Fact>
          <Fact label={t('details.beendigungsdatum')}>{date(contract.beendigungsdatum)}</Fact>
          <Fact label={t('details.wirksamkeitsdatum')}>{date(contract.wirksamkeitsdatum)}</Fact>
        </dl>
      </Section>

      <Section id="zahlung" headline={t('details.payment')}>
        <dl className={styles.facts}>
          <Fact label={t('details.zahlweise')}>{t(`zahlweise.${contract.zahlweise}`)}</Fact>
          <Fact label={t('details.iban')}>{contract.bankverbindung?.iban}</Fact>
          <Fact label={t('details.bic')}>{contract.bankverbindung?.swiftBic}</Fact>
          <Fact label={t('details.kontoinhaber')}>{contract.bankverbindung?.kontoinhaber}</Fact>
        </dl>
        {contract.bankverbindung ? null : <p>{t('details.noBank')}</p>}
      </Section>

      {contract.vermittler ? (
        <Section id="vermittler" headline={t('details.agent')}>
          <dl className={styles.facts}>
            <Fact label={t('details.agentName')}>{contract.vermittler.name}</Fact>
            <Fact label={t('details.agentEmail')}>
              <a href={`mailto:${contract.vermittler.email}`}>{contract.vermittler.email}</a>
            </Fact>
            <Fact label={t('details.agentNumber')}>{contract.vermittler.vermittlerNummer}</Fact>
          </dl>
        </Section>
      ) : null}

      <Section id="umfang" headline={t('details.cover')}>
        <dl className={styles.facts}>
          {contract.deckungsVarianten.map((v) => (
            <Fact key={v.deckungsVarianteIdentifier} label={t('details.variante')}>
              {v.versicherungssumme === undefined
                ? v.deckungsVarianteName
                : `${v.deckungsVarianteName} (${formatMoney(v.versicherungssumme)})`}
            </Fact>
          ))}
          <Fact label={t('details.elementar')}>{yesNo(contract.elementar)}</Fact>
          <Fact label={t('details.buerohaftpflicht')}>{yesNo(contract.buerohaftpflicht)}</Fact>
          <Fact label={t('details.phvAnzahl')}>
            {contract.phvAnzahl ? t(`details.phvAnzahlValue.${contract.phvAnzahl}`) : undefined}
          </Fact>
          <Fact label={t('details.hauptgewerbe')}>{contract.versicherteGewerbe?.hauptgewerbe.name}</Fact>
          <Fact label={t('details.nebengewerbe')}>
            {contract.versicherteGewerbe && contract.versicherteGewerbe.nebengewerbe.length > 0
              ? contract.versicherteGewerbe.nebengewerbe.map((g) => g.name).join(', ')
              : undefined}
          </Fact>
          <Fact label={t('details.familienstand')}>
            {contract.phv
              ? (contract.phv.familienstand.options.find((o) => o.key === contract.phv?.familienstand.current)
                  ?.label ?? contract.phv.familienstand.current)
              : undefined}
          </Fact>
          {contract.mitversichertePersonen?.map((person) => (
            <Fact
              key={`${person.art}-${person.vorname}-${person.geburtsdatum}`}
              label={t(`details.mitversichert.${person.art}`)}
            >
              {t('details.mitversichertValue', {
                vorname: person.vorname,
                name: person.name,
                geburtsdatum: formatDate(person.geburtsdatum),
              })}
            </Fact>
          ))}
          <Fact label={t('details.diensthaftpflicht')}>
            {contract.diensthaftpflicht
              ? t(
                  contract.diensthaftpflicht.eingeschlossen
                    ? 'details.diensthaftpflichtValue'
                    : 'details.diensthaftpflichtAus',
                  { beruf: contract.diensthaftpflicht.beruf },
                )
              : undefined}
          </Fact>
          <Fact label={t('details.wohnflaeche')}>
            {contract.hausrat
              ? t('details.wohnflaecheValue', { value: formatGermanNumber(contract.hausrat.wohnflaeche) })
              : undefined}
          </Fact>
          <Fact label={t('details.hausratDeckungen')}>
            {contract.hausrat ? contract.hausrat.hausratDeckungen.length : undefined}
          </Fact>
          <Fact label={t('details.fahrradHersteller')}>{contract.fahrrad?.hersteller}</Fact>
          <Fact label={t('details.fahrradTyp')}>
            {contract.fahrrad ? t(`details.fahrradTypValue.${contract.fahrrad.typ}`) : undefined}
          </Fact>
          <Fact label={t('details.rahmennummer')}>{contract.fahrrad?.rahmennummer}</Fact>
          <Fact label={t('details.risiken')}>
            {risiken
              ? (['diebstahl', 'reparatur', 'reparaturOhneVerschleiss', 'schutzbrief'] as const)
                  .filter((key) => risiken[key])
                  .map((key) => t(`details.risiko.${key}`))
                  .join(', ')
              : undefined}
          </Fact>
          <Fact label={t('details.risikoOrt')}>
            {contract.risikoOrt
              ? `${contract.risikoOrt.strasse} ${contract.risikoOrt.hausnummer}, ${contract.risikoOrt.plz} ${contract.risikoOrt.ort}`
              : undefined}
          </Fact>
          <Fact label={t('details.personenkreis')}>
            {contract.reise ? t(`details.personenkreisValue.${contract.reise.personenkreis}`) : undefined}
          </Fact>
          <Fact label={t('details.reise')}>
            {contract.reise
              ? t('details.reiseValue', {
                  beginn: formatDate(contract.reise.beginn),
                  ende: formatDate(contract.reise.ende),
                  dauer: contract.reise.dauer,
                })
              : undefined}
          </Fact>
          <Fact label={t('details.bundesland')}>{contract.bundesland?.name}</Fact>
          {contract.hunde?.map((hund) => (
            <Fact key={hund.name} label={t('details.hund', { name: hund.name })}>
              {hund.mischling && hund.mischlingsRasse
                ? `${hund.rasse.name}, ${t('details.mischling', { rasse: hund.mischlingsRasse.name })}`
                : hund.rasse.name}
              {hund.chipOrTattoo ? ` · ${t('details.chip')}: ${hund.chipOrTattoo}` : ''}
            </Fact>
          ))}
        </dl>
      </Section>

      <Section id="dokumente" headline={t('details.documents')}>
        {contract.dokumente.length === 0 ? (
          <p>{t('details.noDocuments')}</p>
        ) : (
          <ul className={styles.plainList}>
            {contract.dokumente.map((dokument) => (
              <li key={dokument.url}>
                <DocumentDownloadButton
                  url={dokument.url}
                  fileName={documentFileName(dokument.name, contract.versicherungsNummer)}
                  label={t('details.documentDownload', { name: dokument.name })}
                  variant="tertiary"
                />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="vorgemerkt" headline={t('details.pending')}>
        {contract.vorgemerkteAenderungen.length === 0 ? (
          <p>{t('details.noPending')}</p>
        ) : (
          <ul className={styles.plainList}>
            {contract.vorgemerkteAenderungen.map((change) => (
              <li key={`${change.typ}-${change.wirksamkeitsdatum}`}>
                {t('details.pendingItem', {
                  change: change.bezeichnung,
                  date: formatDate(change.wirksamkeitsdatum),
                })}
                {change.neuerBeitrag === undefined
                  ? null
                  : ` (${t('details.pendingPremium', {
                      premium: formatMoney(change.neuerBeitrag),
                      period: change.zahlweise ? t(`zahlweise.${change.zahlweise}`) : '',
                    }).trim()})`}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="bestaetigung" headline={t('details.confirmation.headline')}>
        <ContractConfirmation versicherungsNummer={contract.versicherungsNummer} />
      </Section>

      <Section id="aktionen" headline={t('details.actions')}>
        <Actions contract={contract} />
      </Section>
    </div>
  );
}

/**
 * 'Schaden melden' for a contract of the eight claim products (issue 14): the report route names the
 * contract by its index in the contract list, as the overview shows it.
 */
function ReportClaimLink({ versicherungsNummer }: { versicherungsNummer: string }) {
  const { t } = useTranslation('contracts');
  const list = useContracts().data;
  const contracts = Array.isArray(list) ? list : [];
  const index = contracts.findIndex((entry) => entry.versicherungsNummer === versicherungsNummer);
  const listed = contracts[index];
  const produkt =
    listed && listed.produktIdentifier in CONTRACT_PRODUCT_META
      ? claimProductOf(productKeyOf(listed.produktIdentifier))
      : undefined;
  if (!produkt) return null;
  return (
    <p>
      <Link
        to={`/kunden/schaden-melden/${produkt}/${index}/`}
        className={buttonClassName({ variant: 'secondary' })}
      >
        {t('details.reportClaim')}
      </Link>
    </p>
  );
}

/**
 * The contract transfers (issue 15): the BHV tariff change for a running first-generation BHV, and
 * the request for a holder change for an active contract, each behind its flag.
 */
function TransferLinks({ contract }: { contract: ContractDetails }) {
  const { t } = useTranslation('contracts');
  const tariffChange = useFlag('bhv-tariff-change');
  const holderChange = useFlag('contract-holder-change');
  const nr = contract.versicherungsNummer;
  const offersTariff =
    tariffChange && contract.produktIdentifier === 'BHV_1' && contract.vertragsstatus === 'LAUFEND';
  const offersHolder = holderChange && isActive(contract);
  if (!offersTariff && !offersHolder) return null;
  return (
    <ul className={styles.plainList}>
      {offersTariff ? (
        <li>
          <Link to={`/kunden/tarifwechsel/?vertrag=${nr}`}>{t('details.tariffChange')}</Link>
        </li>
      ) : null}
      {offersHolder ? (
        <li>
          <Link to={`/kunden/inhaberwechsel/?vertrag=${nr}`}>{t('details.holderChange')}</Link>
        </li>
      ) : null}
    </ul>
  );
}

/** /kunden/vertraege/:versicherungsNummer/: every field of the customer view that applies. */
export function ContractDetailsPage() {
  const { t } = useTranslation('contracts');
  const { versicherungsNummer = '' } = useParams();
  useDocumentTitle(t('details.title', { number: versicherungsNummer, brand: useBrandName() }));
  const contract = useContract(versicherungsNummer);
  const notFound =
    contract.error instanceof RequestError &&
    (contract.error.errorStatus === 404 || contract.error.errorStatus === 400);

  return (
    <div className={styles.page}>
      <Link to="/kunden/vertraege/">{t('details.back')}</Link>
      <div className={styles.headlineRow}>
        <h1 className={styles.headline}>
          {contract.data ? contract.data.versicherungsName : t('details.contract')}
        </h1>
        <PageHelp topic="vertragsdetails" />
      </div>
      {contract.isPending ? <Loading label={t('details.loading')} /> : null}
      {contract.isError ? (
        notFound ? (
          <EmptyState title={t('details.notFound')} />
        ) : (
          <EmptyState preset="error" />
        )
      ) : null}
      {contract.isSuccess ? <ContractSections contract={contract.data} /> : null}
      {contract.isSuccess ? (
        <ReportClaimLink versicherungsNummer={contract.data.versicherungsNummer} />
      ) : null}
      {contract.isSuccess ? <TransferLinks contract={contract.data} /> : null}
      {contract.isSuccess ? (
        <p>
          <Link to={`/kunden/kontakt/nachricht/?vertrag=${contract.data.versicherungsNummer}`}>
            {t('details.writeMessage')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
