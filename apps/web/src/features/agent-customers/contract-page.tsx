import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { todayInGermany, addDays, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatDate, formatDateTime } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import { PRICING_ZAHLWEISEN, type PricingZahlweise } from '@schirm/domain/products/enums';
import { useDocumentTitle } from '../../lib/document-title';
import { apiErrorMessage } from '../../lib/download-document';
import { buttonClassName, Button } from '../../ui/button';
import { DateInput } from '../../ui/forms/date-input';
import { RadioGroup } from '../../ui/forms/radio-group';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import {
  usePreviewChange,
  useSaveChange,
  useAgentContract,
  type AgentChange,
  type AgentContract,
  type ChangePremium,
  type ChangePreview,
} from './agent-customers-api';
import { DocumentList, Empty, Fact, LoadFailure, NS, PremiumTable, Section, TaskTable } from './shared';
import styles from './agent-customers.module.css';

const AGENT_CHANGES = ['zahlungsweise', 'bankverbindung', 'risikoort'] as const;
type Kind = (typeof AGENT_CHANGES)[number];

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

function premiumText(t: (key: string, options?: Record<string, string>) => string, premium: ChangePremium) {
  return { amount: formatMoney(premium.beitragProPeriode), zahlweise: t(`zahlweise.${premium.zahlweise}`) };
}

function ChangeForm({ contract, kind }: { contract: AgentContract; kind: Kind }) {
  const { t } = useTranslation(NS);
  const previewCall = usePreviewChange(contract.vertragsnummer);
  const saveCall = useSaveChange(contract.vertragsnummer);
  const [zahlweise, setZahlweise] = useState<string>('');
  const [iban, setIban] = useState('');
  const [kontoinhaber, setKontoinhaber] = useState(contract.kundenName);
  const [ort, setOrt] = useState({ strasse: '', hausnummer: '', plz: '', ort: '' });
  const [wunschdatum, setWunschdatum] = useState<CalendarDate | undefined>(addDays(todayInGermany(), 1));
  const [calculated, setCalculated] = useState<{ change: AgentChange; preview: ChangePreview }>();

  const change = (): AgentChange => {
    if (kind === 'zahlungsweise') return { slug: kind, body: { zahlweise: zahlweise as PricingZahlweise } };
    if (kind === 'bankverbindung') return { slug: kind, body: { iban, kontoinhaber } };
    return { slug: kind, body: { risikoOrt: ort, wunschdatum: wunschdatum ?? '' } };
  };
  const calculate = (event: FormEvent) => {
    event.preventDefault();
    saveCall.reset();
    const requested = change();
    previewCall.mutate(requested, { onSuccess: (preview) => setCalculated({ change: requested, preview }) });
  };
  const edited = () => setCalculated(undefined);
  const failure = previewCall.error ?? saveCall.error;

  return (
    <form className={styles.form} onSubmit={calculate} noValidate>
      {kind === 'zahlungsweise' ? (
        <RadioGroup
          name="zahlweise"
          label={t('contract.newZahlweise')}
          options={PRICING_ZAHLWEISEN.filter((value) => value !== contract.zahlweise).map((value) => ({
            value,
            label: t(`zahlweise.${value}`),
          }))}
          value={zahlweise}
          onChange={(value) => {
            setZahlweise(value);
            edited();
          }}
        />
      ) : kind === 'bankverbindung' ? (
        <>
          <TextInput
            name="iban"
            label={t('contract.iban')}
            value={iban}
            onChange={(v) => (setIban(v), edited())}
          />
          <TextInput
            name="kontoinhaber"
            label={t('contract.kontoinhaber')}
            value={kontoinhaber}
            onChange={(v) => (setKontoinhaber(v), edited())}
          />
        </>
      ) : (
        <>
          {(['strasse', 'hausnummer', 'plz', 'ort'] as const).map((key) => (
            <TextInput
              key={key}
              name={key}
              label={t(`contract.${key}`)}
              value={ort[key]}
              onChange={(value) => {
                setOrt((current) => ({ ...current, [key]: value }));
                edited();
              }}
            />
          ))}
          <DateInput
            name="wunschdatum"
            label={t('contract.wunschdatum')}
            value={wunschdatum}
            min={addDays(todayInGermany(), 1)}
            onChange={(value) => {
              setWunschdatum(value);
              edited();
            }}
            isRequired
          />
        </>
      )}
      <div>
        <Button type="submit" variant="secondary" isPending={previewCall.isPending}>
          {previewCall.isPending ? t('contract.calculating') : t('contract.calculate')}
        </Button>
      </div>
      {failure ? (
        <InfoBox variant="error" headline={t('contract.failedHeadline')}>
          <p>{apiErrorMessage(failure) ?? t('contract.failed')}</p>
        </InfoBox>
      ) : null}
      {calculated && !saveCall.isSuccess ? (
        <div className={styles.preview} aria-live="polite">
          <h3>{t('contract.preview')}</h3>
          <p>{t('contract.wirksam', { date: formatDate(calculated.preview.wirksamkeitsdatum) })}</p>
          <p>{t('contract.bisher', premiumText(t, calculated.preview.bisherigerBeitrag))}</p>
          {calculated.preview.neuerBeitrag ? (
            <p>{t('contract.neu', premiumText(t, calculated.preview.neuerBeitrag))}</p>
          ) : null}
          {calculated.preview.ersetzteVormerkungen.length > 0 ? (
            <p>
              {t('contract.replaces', {
                list: calculated.preview.ersetzteVormerkungen.map((entry) => entry.bezeichnung).join('; '),
              })}
            </p>
          ) : null}
          <div>
            <Button isPending={saveCall.isPending} onPress={() => saveCall.mutate(calculated)}>
              {t('contract.save')}
            </Button>
          </div>
        </div>
      ) : null}
      {saveCall.isSuccess ? (
        <InfoBox>
          <p role="status">{t('contract.saved')}</p>
        </InfoBox>
      ) : null}
    </form>
  );
}

function Changes({ contract }: { contract: AgentContract }) {
  const { t } = useTranslation(NS);
  const offered = AGENT_CHANGES.filter((kind) => contract.selbstServices.includes(kind));
  const [kind, setKind] = useState<Kind | undefined>(offered[0]);
  if (offered.length === 0 || !kind) return <Empty>{t('contract.noChanges')}</Empty>;
  return (
    <>
      <p>{t('contract.changesIntro')}</p>
      <RadioGroup
        name="aenderung"
        label={t('contract.changeKind')}
        options={offered.map((value) => ({ value, label: t(`contract.kind.${value}`) }))}
        value={kind}
        onChange={(value) => setKind(value as Kind)}
      />
      <ChangeForm key={kind} contract={contract} kind={kind} />
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
