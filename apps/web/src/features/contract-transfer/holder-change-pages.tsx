// The contract holder change (issue 15, flag 'contract-holder-change'): the agent's page
// (/vermittler/vertraege/details/:vertragsnummer/inhaberwechsel/) with the waiting change, its
// cancel, the history and the customer's requests, and the form to start a change; the new
// holder's public confirmation with the SEPA mandate (/inhaberwechsel/bestaetigen/?token=); the
// customer's request (/kunden/inhaberwechsel/?vertrag=).
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDate, formatDateTime } from '@schirm/domain/format/date';
import { formatCents } from '@schirm/domain/format/money';
import { validateIban } from '@schirm/domain/validation/iban';
import { useDocumentTitle } from '../../lib/document-title';
import { apiErrorMessage } from '../../lib/download-document';
import { useFlag, useFlagsSettled } from '../../lib/flags';
import { RequestError } from '../../lib/query-client';
import { useBrandName } from '../../lib/shell-context';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Checkbox } from '../../ui/forms/checkbox';
import { DateInput } from '../../ui/forms/date-input';
import { IbanInput } from '../../ui/forms/iban-input';
import { RadioGroup } from '../../ui/forms/radio-group';
import { TextInput } from '../../ui/forms/text-input';
import { Textarea } from '../../ui/forms/textarea';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import {
  lookupBank,
  useCancelHolderChange,
  useConfirmationPreview,
  useConfirmHolderChange,
  useHolderChangeState,
  useRequestHolderChange,
  useStartHolderChange,
  type HolderChangeState,
  type NewHolder,
} from './api';
import { Headline } from './tariff-change-pages';
import styles from './contract-transfer.module.css';

function FlagGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('contract-transfer');
  const isOn = useFlag('contract-holder-change');
  const isSettled = useFlagsSettled();
  if (isOn) return <>{children}</>;
  if (!isSettled) return <Loading isBlock label={t('loading')} />;
  return (
    <>
      <Headline>{t('holder.headline')}</Headline>
      <EmptyState title={t('holder.off')} headingLevel={2} />
    </>
  );
}

function useTitle(key: 'holder.title' | 'holder.confirmTitle' | 'holder.requestTitle') {
  const { t } = useTranslation('contract-transfer');
  useDocumentTitle(t(key, { brand: useBrandName() }));
}

type Field =
  | 'partnerNummer'
  | 'vorname'
  | 'nachname'
  | 'geburtsdatum'
  | 'strasse'
  | 'hausnummer'
  | 'plz'
  | 'ort'
  | 'email'
  | 'wirksamAb';

function StartForm({ state }: { state: HolderChangeState }) {
  const { t } = useTranslation('contract-transfer');
  const start = useStartHolderChange(state.versicherungsNummer);
  const [who, setWho] = useState<'existing' | 'new'>('new');
  const [values, setValues] = useState<Partial<Record<Field, string>>>({});
  const [anrede, setAnrede] = useState<string>('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (value: string | undefined) => {
    setValues((current) => ({ ...current, [field]: value ?? '' }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const value = (field: Field) => (values[field] ?? '').trim();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const needed: Field[] =
      who === 'existing'
        ? ['partnerNummer', 'wirksamAb']
        : [
            'vorname',
            'nachname',
            'geburtsdatum',
            'strasse',
            'hausnummer',
            'plz',
            'ort',
            'email',
            'wirksamAb',
          ];
    const next: Partial<Record<Field, string>> = {};
    for (const field of needed) if (value(field) === '') next[field] = t('holder.required');
    if (who === 'existing' && value('partnerNummer') !== '' && !/^\d{6,12}$/.test(value('partnerNummer'))) {
      next.partnerNummer = t('holder.partnerNumberError');
    }
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    const neuerInhaber: NewHolder =
      who === 'existing'
        ? { partnerNummer: value('partnerNummer') }
        : {
            person: {
              ...(anrede ? { anrede: anrede as 'Frau' | 'Herr' | 'Divers' } : {}),
              vorname: value('vorname'),
              nachname: value('nachname'),
              geburtsdatum: value('geburtsdatum'),
              email: value('email'),
              adresse: {
                strasse: value('strasse'),
                hausnummer: value('hausnummer'),
                plz: value('plz'),
                ort: value('ort'),
              },
            },
          };
    start.mutate({ wirksamAb: value('wirksamAb'), neuerInhaber });
  }

  const serverErrors = fieldErrorsOf(start.error);
  const problem = (field: Field, path: string = field) => problems[field] ?? serverErrors[path];
  const text = (field: Field, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={values[field] ?? ''}
      onChange={set(field)}
      isRequired
      {...extra}
      {...(problem(field) ? { errorMessage: problem(field) } : {})}
    />
  );

  return (
    <section className={styles.card} aria-labelledby="start-headline">
      <h2 id="start-headline" className={styles.cardHeadline}>
        {t('holder.start')}
      </h2>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <RadioGroup
          label={t('holder.who')}
          value={who}
          onChange={(next) => setWho(next === 'existing' ? 'existing' : 'new')}
          options={[
            { value: 'new', label: t('holder.newPerson') },
            { value: 'existing', label: t('holder.existing') },
          ]}
          isRequired
        />
        {who === 'existing' ? (
          text('partnerNummer', t('holder.partnerNumber'), {
            description: t('holder.partnerNumberDescription'),
            inputMode: 'numeric',
            maxLength: 12,
          })
        ) : (
          <>
            <RadioGroup
              label={t('holder.salutation')}
              value={anrede}
              onChange={setAnrede}
              options={[
                { value: 'Frau', label: t('holder.salutationFrau') },
                { value: 'Herr', label: t('holder.salutationHerr') },
                { value: 'Divers', label: t('holder.salutationDivers') },
              ]}
            />
            <div className={styles.row}>
              {text('vorname', t('holder.firstName'), { autoComplete: 'off', maxLength: 100 })}
              {text('nachname', t('holder.lastName'), { autoComplete: 'off', maxLength: 100 })}
            </div>
            <DateInput
              label={t('holder.birthDate')}
              onChange={set('geburtsdatum')}
              isRequired
              {...(problem('geburtsdatum', 'neuerInhaber.person.geburtsdatum')
                ? { errorMessage: problem('geburtsdatum', 'neuerInhaber.person.geburtsdatum') }
                : {})}
            />
            <div className={styles.row}>
              {text('strasse', t('holder.street'), { maxLength: 100 })}
              {text('hausnummer', t('holder.houseNumber'), { maxLength: 10 })}
            </div>
            <div className={styles.row}>
              {text('plz', t('holder.postcode'), { inputMode: 'numeric', maxLength: 5 })}
              {text('ort', t('holder.city'), { maxLength: 100 })}
            </div>
            {text('email', t('holder.email'), { type: 'email', description: t('holder.emailDescription') })}
          </>
        )}
        <DateInput
          label={t('holder.from')}
          min={state.fruehestesDatum}
          max={state.spaetestesDatum}
          description={t('holder.fromDescription', {
            earliest: formatDate(state.fruehestesDatum),
            latest: formatDate(state.spaetestesDatum),
          })}
          onChange={set('wirksamAb')}
          isRequired
          {...(problem('wirksamAb') ? { errorMessage: problem('wirksamAb') } : {})}
        />
        {start.isError ? (
          <InfoBox variant="error">{apiErrorMessage(start.error) ?? t('failed')}</InfoBox>
        ) : null}
        <div>
          <Button type="submit" isPending={start.isPending}>
            {t('holder.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The field messages of a 400 answer, by path. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof RequestError)) return {};
  const body = error.error as { error?: { fieldErrors?: { path: string; message: string }[] } } | undefined;
  return Object.fromEntries((body?.error?.fieldErrors ?? []).map((item) => [item.path, item.message]));
}

function Pending({ state }: { state: HolderChangeState }) {
  const { t } = useTranslation('contract-transfer');
  const cancel = useCancelHolderChange(state.versicherungsNummer);
  const open = state.offen;
  if (!open) return null;
  const expired = open.status === 'ABGELAUFEN';
  const date = formatDate(open.wirksamAb);
  let headline: string;
  let text: string;
  if (open.status === 'BESTAETIGT') {
    // Confirmed, waiting for its day: the contract stays with the current holder until then.
    headline = t('holder.waiting', { date });
    text = t('holder.waitingText', { name: open.neuerInhaber, date, holder: state.inhaber.name });
  } else if (expired) {
    headline = t('holder.expired');
    text = t('holder.expiredText', { name: open.neuerInhaber, date });
  } else {
    headline = t('holder.pending');
    text = t('holder.pendingText', {
      name: open.neuerInhaber,
      email: open.email,
      date,
      until: formatDateTime(new Date(open.gueltigBis)),
    });
  }
  return (
    <InfoBox variant={expired ? 'warning' : 'info'} headline={headline}>
      <p>{text}</p>
      {cancel.isError ? <p role="alert">{apiErrorMessage(cancel.error) ?? t('failed')}</p> : null}
      <div>
        <Button variant="secondary" isPending={cancel.isPending} onPress={() => cancel.mutate()}>
          {t('holder.cancel')}
        </Button>
      </div>
    </InfoBox>
  );
}

function History({ state }: { state: HolderChangeState }) {
  const { t } = useTranslation('contract-transfer');
  return (
    <>
      <section className={styles.card} aria-labelledby="anfragen-headline">
        <h2 id="anfragen-headline" className={styles.cardHeadline}>
          {t('holder.requests')}
        </h2>
        {state.anfragen.length === 0 ? (
          <p>{t('holder.requestsEmpty')}</p>
        ) : (
          <ul className={styles.plainList}>
            {state.anfragen.map((request) => (
              <li key={request.id}>
                {t('holder.requestItem', {
                  received: formatDate(request.eingegangenAm.slice(0, 10)),
                  name: request.neuerInhaberName,
                  email: request.neuerInhaberEmail ? ` (${request.neuerInhaberEmail})` : '',
                  date: formatDate(request.wunschdatum),
                })}
                {request.nachricht ? <p>{request.nachricht}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.card} aria-labelledby="verlauf-headline">
        <h2 id="verlauf-headline" className={styles.cardHeadline}>
          {t('holder.history')}
        </h2>
        {state.verlauf.length === 0 ? (
          <p>{t('holder.historyEmpty')}</p>
        ) : (
          <ul className={styles.plainList}>
            {state.verlauf.map((item) => (
              <li key={item.id}>
                {t('holder.historyItem', {
                  name: item.neuerInhaber,
                  date: formatDate(item.wirksamAb),
                  status: t(`holder.status.${item.status}`),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /vermittler/vertraege/details/:vertragsnummer/inhaberwechsel/ */
export function AgentHolderChangePage() {
  const { t } = useTranslation('contract-transfer');
  useTitle('holder.title');
  const { vertragsnummer = '' } = useParams();
  const state = useHolderChangeState(vertragsnummer);
  const notFound =
    state.error instanceof RequestError && [400, 404].includes(Number(state.error.errorStatus));
  return (
    <div className={styles.page}>
      <FlagGate>
        <Link to={`/vermittler/vertraege/details/${vertragsnummer}/`}>{t('holder.back')}</Link>
        <Headline>{t('holder.headline')}</Headline>
        {state.isPending ? <Loading label={t('loading')} /> : null}
        {state.isError ? (
          notFound ? (
            <EmptyState title={t('holder.notFound')} />
          ) : (
            <EmptyState preset="error" />
          )
        ) : null}
        {state.data ? (
          <>
            <section className={styles.card} aria-labelledby="vertrag-headline">
              <h2 id="vertrag-headline" className={styles.cardHeadline}>
                {t('holder.contract')}: {state.data.versicherungsName} ({state.data.versicherungsNummer})
              </h2>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('holder.currentHolder')}</dt>
                  <dd>{state.data.inhaber.name}</dd>
                </div>
                <div>
                  <dt>{t('holder.partnerNumber')}</dt>
                  <dd>{state.data.inhaber.partnerNummer}</dd>
                </div>
              </dl>
            </section>
            <Pending state={state.data} />
            {/* One waiting change at a time: unconfirmed, or confirmed and waiting for its day. */}
            {state.data.offen?.status === 'OFFEN' || state.data.offen?.status === 'BESTAETIGT' ? null : (
              <StartForm state={state.data} />
            )}
            <History state={state.data} />
          </>
        ) : null}
      </FlagGate>
    </div>
  );
}

/** /inhaberwechsel/bestaetigen/?token=<token> */
export function HolderConfirmationPage() {
  const { t } = useTranslation('contract-transfer');
  useTitle('holder.confirmTitle');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const preview = useConfirmationPreview(token);
  const confirm = useConfirmHolderChange(token);
  const [iban, setIban] = useState('');
  const [holder, setHolder] = useState('');
  const [mandate, setMandate] = useState(false);
  const [problems, setProblems] = useState<{ iban?: string; holder?: string; mandate?: string }>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = iban === '' ? undefined : validateIban(iban);
    const next = {
      ...(checked === undefined
        ? { iban: t('holder.ibanRequired') }
        : checked.valid
          ? {}
          : { iban: checked.message }),
      ...(holder.trim().length < 2 ? { holder: t('holder.accountHolderRequired') } : {}),
      ...(mandate ? {} : { mandate: t('holder.mandateRequired') }),
    };
    setProblems(next);
    if (checked?.valid && !next.holder && !next.mandate) {
      confirm.mutate({ iban: checked.iban, kontoinhaber: holder.trim() });
    }
  }

  let body: ReactNode;
  if (token === '') {
    body = (
      <>
        <Headline>{t('holder.confirmHeadline')}</Headline>
        <EmptyState title={t('holder.noToken')} description={t('holder.noTokenText')} headingLevel={2} />
      </>
    );
  } else if (confirm.data?.status === 'BESTAETIGT') {
    // Confirmed before the day: the contract moves on wirksamAb (the daily job).
    const date = formatDate(confirm.data.wirksamAb);
    body = (
      <>
        <Headline takeFocus>{t('holder.confirmedWaiting')}</Headline>
        <InfoBox>
          <p>{t('holder.confirmedWaitingText', { date })}</p>
          <p>
            {t('holder.confirmedWaitingDetails', {
              number: confirm.data.versicherungsNummer,
              reference: confirm.data.mandatsreferenz,
            })}
          </p>
        </InfoBox>
        <p>{t('holder.registerLater', { date })}</p>
      </>
    );
  } else if (confirm.data) {
    body = (
      <>
        <Headline takeFocus>{t('holder.confirmed')}</Headline>
        <InfoBox>
          <p>
            {t('holder.confirmedText', {
              number: confirm.data.versicherungsNummer,
              date: formatDate(confirm.data.wirksamAb),
              reference: confirm.data.mandatsreferenz,
            })}
          </p>
        </InfoBox>
        <div>
          <ButtonLink href={confirm.data.registrierung}>{t('holder.register')}</ButtonLink>
        </div>
      </>
    );
  } else if (preview.isPending) {
    body = <Loading label={t('loading')} />;
  } else if (preview.isError) {
    body = (
      <>
        <Headline>{t('holder.confirmHeadline')}</Headline>
        <InfoBox variant="warning">{apiErrorMessage(preview.error) ?? t('failed')}</InfoBox>
      </>
    );
  } else {
    const data = preview.data;
    body = data ? (
      <>
        <Headline>{t('holder.confirmHeadline')}</Headline>
        <p>{t('holder.confirmIntro', { name: data.neuerInhaber, date: formatDate(data.wirksamAb) })}</p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('holder.contract')}</dt>
            <dd>
              {data.versicherungsName} ({data.versicherungsNummer})
            </dd>
          </div>
          <div>
            <dt>{t('holder.premium')}</dt>
            <dd>
              {t('holder.premiumValue', {
                amount: formatCents(data.bruttoBeitragProPeriodeCents),
                period: t(`zahlweise.${data.zahlweise}`),
              })}
            </dd>
          </div>
        </dl>
        <form className={styles.form} noValidate onSubmit={onSubmit}>
          <IbanInput
            label={t('holder.iban')}
            value={iban}
            onChange={(next) => {
              setIban(next);
              setProblems((current) => ({ ...current, iban: undefined }));
            }}
            lookupBank={lookupBank}
            isRequired
            {...(problems.iban ? { errorMessage: problems.iban } : {})}
          />
          <TextInput
            label={t('holder.accountHolder')}
            value={holder}
            onChange={(next) => {
              setHolder(next);
              setProblems((current) => ({ ...current, holder: undefined }));
            }}
            autoComplete="name"
            maxLength={70}
            isRequired
            {...(problems.holder ? { errorMessage: problems.holder } : {})}
          />
          <Checkbox
            label={t('holder.mandate', { date: formatDate(data.wirksamAb) })}
            value={mandate}
            onChange={(next) => {
              setMandate(next);
              setProblems((current) => ({ ...current, mandate: undefined }));
            }}
            isRequired
            {...(problems.mandate ? { errorMessage: problems.mandate } : {})}
          />
          {confirm.isError ? (
            <InfoBox variant="error">{apiErrorMessage(confirm.error) ?? t('failed')}</InfoBox>
          ) : null}
          <div>
            <Button type="submit" isPending={confirm.isPending}>
              {t('holder.confirm')}
            </Button>
          </div>
        </form>
      </>
    ) : null;
  }
  return (
    <div className={styles.page}>
      <FlagGate>{body}</FlagGate>
    </div>
  );
}

/** /kunden/inhaberwechsel/?vertrag=<nr>: the customer asks for a holder change. */
export function CustomerHolderRequestPage() {
  const { t } = useTranslation('contract-transfer');
  useTitle('holder.requestTitle');
  const [search] = useSearchParams();
  const nr = search.get('vertrag') ?? '';
  const send = useRequestHolderChange(nr);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [date, setDate] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<{ name?: string; date?: string }>({});
  const serverErrors = fieldErrorsOf(send.error);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = {
      ...(name.trim() === '' ? { name: t('holder.required') } : {}),
      ...(date ? {} : { date: t('holder.required') }),
    };
    setProblems(next);
    if (!next.name && date) {
      send.mutate({
        name: name.trim(),
        ...(email.trim() ? { email: email.trim() } : {}),
        wunschdatum: date,
        ...(message.trim() ? { nachricht: message.trim() } : {}),
      });
    }
  }

  return (
    <div className={styles.page}>
      <FlagGate>
        <Link to={nr ? `/kunden/vertraege/${nr}/` : '/kunden/vertraege/'}>{t('holder.back')}</Link>
        {send.data ? (
          <>
            <Headline takeFocus>{t('holder.requestSent')}</Headline>
            <p>{t('holder.requestSentText')}</p>
          </>
        ) : nr === '' ? (
          <>
            <Headline>{t('holder.requestHeadline')}</Headline>
            <EmptyState
              title={t('tariff.noContract')}
              headingLevel={2}
              action={<Link to="/kunden/vertraege/">{t('tariff.toContracts')}</Link>}
            />
          </>
        ) : (
          <>
            <Headline>{t('holder.requestHeadline')}</Headline>
            <p>{t('holder.requestIntro')}</p>
            <form className={styles.form} noValidate onSubmit={onSubmit}>
              <TextInput
                label={t('holder.requestName')}
                value={name}
                onChange={setName}
                maxLength={200}
                isRequired
                {...((problems.name ?? serverErrors.name)
                  ? { errorMessage: problems.name ?? serverErrors.name }
                  : {})}
              />
              <TextInput
                label={t('holder.requestEmail')}
                type="email"
                value={email}
                onChange={setEmail}
                maxLength={200}
                {...(serverErrors.email ? { errorMessage: serverErrors.email } : {})}
              />
              <DateInput
                label={t('holder.requestDate')}
                onChange={setDate}
                isRequired
                {...((problems.date ?? serverErrors.wunschdatum)
                  ? { errorMessage: problems.date ?? serverErrors.wunschdatum }
                  : {})}
              />
              <Textarea
                label={t('holder.requestMessage')}
                value={message}
                onChange={setMessage}
                maxLength={2000}
              />
              {send.isError && Object.keys(serverErrors).length === 0 ? (
                <InfoBox variant="error">{apiErrorMessage(send.error) ?? t('failed')}</InfoBox>
              ) : null}
              <div>
                <Button type="submit" isPending={send.isPending}>
                  {t('holder.requestSend')}
                </Button>
              </div>
            </form>
          </>
        )}
      </FlagGate>
    </div>
  );
}
