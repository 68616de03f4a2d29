// /vermittler/umzugsservice/:partnerNummer/ (issue 15, ADR 0033, flag relocation-service): the agent
// records one move for a customer across every contract it looks after. The new address is entered
// as on the customer's move page (postcode checked by the server, the place one of the postcode's,
// the street from the ZÜRS street list where there is one). 'Auswirkungen berechnen' shows each
// contract with the premium before and after and (Hausrat) the ZÜRS class before and after, and the
// special cancellation right with its deadline where the premium rises; saving stores the address
// and all contract changes together or nothing; a 409 offers to calculate again.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import { hausnummerSchema } from '@schirm/domain/validation/identifiers';
import { checkPostalCode, loadStreets, usePostcodePlaces } from '../../lib/address-lookup';
import { apiErrorMessage } from '../../lib/download-document';
import { useDocumentTitle } from '../../lib/document-title';
import { useFlag } from '../../lib/flags';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { DateInput, dateRangeProblem } from '../../ui/forms/date-input';
import { PostalCodeInput, type PostalCodeValidity } from '../../ui/forms/postal-code-input';
import { SearchableSelect } from '../../ui/forms/searchable-select';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import {
  umzugFailure,
  usePreviewUmzug,
  useSaveUmzug,
  useUmzugKunde,
  type UmzugBeitrag,
  type UmzugBody,
  type UmzugFailure,
  type UmzugKunde,
  type UmzugVertrag,
  type UmzugVorschau,
} from './agent-tasks-api';
import styles from './agent-tasks.module.css';

const NS = 'agent-tasks';

type Field = 'plz' | 'ort' | 'strasse' | 'hausnummer' | 'umzugsdatum';
const SERVER_PATHS: Record<Field, string> = {
  plz: 'adresse.plz',
  ort: 'adresse.ort',
  strasse: 'adresse.strasse',
  hausnummer: 'adresse.hausnummer',
  umzugsdatum: 'umzugsdatum',
};

function StepHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // A new step moves the focus to its heading, so screen readers announce where the person is.
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} id={id} tabIndex={-1} className={styles.stepHeading}>
      {children}
    </h2>
  );
}

function failureText(failure: UmzugFailure, t: (key: string) => string): string {
  if (failure.message) return failure.message;
  if (failure.status === 'unknown' && typeof navigator !== 'undefined' && !navigator.onLine) {
    return t('relocation.errorOffline');
  }
  return t('relocation.errorGeneric');
}

function UmzugForm({
  kunde,
  initial,
  submit,
  isPending,
  fieldErrors,
}: {
  kunde: UmzugKunde;
  initial?: UmzugBody;
  submit: (body: UmzugBody) => void;
  isPending: boolean;
  fieldErrors: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation(NS);
  const [plz, setPlz] = useState(initial?.adresse.plz ?? '');
  const [plzValidity, setPlzValidity] = useState<PostalCodeValidity>('pending');
  const [ort, setOrt] = useState<string | null>(initial?.adresse.ort ?? null);
  const [strasse, setStrasse] = useState(initial?.adresse.strasse ?? '');
  const [hausnummer, setHausnummer] = useState(initial?.adresse.hausnummer ?? '');
  const [datum, setDatum] = useState<CalendarDate | undefined>(initial?.umzugsdatum);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const { fruehestesDatum: min, spaetestesDatum: max } = kunde.umzug;

  const isKnownPlz = /^\d{5}$/.test(plz) && plzValidity === 'valid';
  const places = usePostcodePlaces(plz, isKnownPlz);
  const options = isKnownPlz ? (places.data ?? []) : [];
  const chosenOrt = options.length === 1 ? options[0]!.ort : options.some((p) => p.ort === ort) ? ort : null;
  const place = options.find((p) => p.ort === chosenOrt);

  const clear = (field: Field) => setProblems(({ [field]: _gone, ...rest }) => rest);
  const problemOf = (field: Field) => problems[field] ?? fieldErrors[SERVER_PATHS[field]];
  const range = { from: formatDate(min), to: formatDate(max) };

  function check(): UmzugBody | undefined {
    const found: Partial<Record<Field, string>> = {};
    if (plz.trim() === '') found.plz = t('relocation.plzRequired');
    if (chosenOrt === null && isKnownPlz) found.ort = t('relocation.ortRequired');
    if (strasse.trim() === '') found.strasse = t('relocation.strasseRequired');
    const number = hausnummerSchema.safeParse(hausnummer);
    if (hausnummer.trim() === '') found.hausnummer = t('relocation.hausnummerRequired');
    else if (!number.success) found.hausnummer = number.error.issues[0]?.message;
    if (datum === undefined) found.umzugsdatum = t('relocation.datumRequired');
    else if (dateRangeProblem(datum, min, max) !== undefined)
      found.umzugsdatum = t('relocation.datumRange', range);
    setProblems(found);
    if (Object.keys(found).length > 0 || !isKnownPlz || chosenOrt === null || !number.success || !datum) {
      return undefined;
    }
    return {
      adresse: { plz: plz.trim(), ort: chosenOrt, strasse: strasse.trim(), hausnummer: number.data },
      umzugsdatum: datum,
    };
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = check();
        if (body) submit(body);
      }}
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('relocation.legend')}</legend>
        <PostalCodeInput
          label={t('relocation.plz')}
          value={plz}
          onChange={(next) => {
            setPlz(next);
            clear('plz');
            clear('ort');
          }}
          checkPostalCode={checkPostalCode}
          onValidityChange={setPlzValidity}
          isRequired
          errorMessage={problemOf('plz')}
        />
        <Select
          label={t('relocation.ort')}
          description={
            !isKnownPlz ? t('relocation.ortFirst') : places.isPending ? t('relocation.ortLoading') : undefined
          }
          options={options.map((p) => ({ value: p.ort, label: p.ort }))}
          value={chosenOrt}
          onChange={(next) => {
            setOrt(next);
            clear('ort');
          }}
          placeholder={t('relocation.ortPlaceholder')}
          isDisabled={options.length === 0}
          isRequired
          errorMessage={places.isError ? t('relocation.ortFailed') : problemOf('ort')}
        />
        {place?.strassenVorhanden ? (
          <SearchableSelect
            key={`${place.plz} ${place.ort}`}
            label={t('relocation.strasse')}
            description={t('relocation.strasseSearch')}
            loadOptions={(pattern, signal) => loadStreets(place, pattern, signal)}
            value={strasse === '' ? null : { value: strasse, label: strasse }}
            onChange={(option) => {
              setStrasse(option?.value ?? '');
              clear('strasse');
            }}
            isRequired
            errorMessage={problemOf('strasse')}
          />
        ) : (
          <TextInput
            label={t('relocation.strasse')}
            value={strasse}
            onChange={(next) => {
              setStrasse(next);
              clear('strasse');
            }}
            maxLength={100}
            isRequired
            errorMessage={problemOf('strasse')}
          />
        )}
        <TextInput
          label={t('relocation.hausnummer')}
          value={hausnummer}
          onChange={(next) => {
            setHausnummer(next);
            clear('hausnummer');
          }}
          maxLength={20}
          isRequired
          errorMessage={problemOf('hausnummer')}
        />
      </fieldset>
      <DateInput
        label={t('relocation.datum')}
        description={t('relocation.datumDescription')}
        value={datum}
        onChange={(next) => {
          setDatum(next);
          clear('umzugsdatum');
        }}
        min={min}
        max={max}
        isRequired
        errorMessage={problemOf('umzugsdatum')}
      />
      <div>
        <Button type="submit" isPending={isPending}>
          {t('relocation.calculate')}
        </Button>
      </div>
    </form>
  );
}

function Amount({ beitrag }: { beitrag: UmzugBeitrag }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {formatMoney(beitrag.beitragProPeriode)} {t(`relocation.period.${beitrag.zahlweise}`)}
    </>
  );
}

function ContractRow({ vertrag }: { vertrag: UmzugVertrag }) {
  const { t } = useTranslation(NS);
  const name = (
    <th scope="row" data-label={t('relocation.colVertrag')}>
      <span className={styles.strong}>{vertrag.versicherungsName}</span>
      <span className={styles.muted}>{vertrag.versicherungsNummer}</span>
    </th>
  );
  if (vertrag.art !== 'AENDERUNG') {
    return (
      <tr>
        {name}
        <td colSpan={4}>
          <span className={styles.strong}>
            {vertrag.art === 'UNVERAENDERT' ? t('relocation.unchanged') : t('relocation.notPossible')}
          </span>
          {vertrag.grund ? <span className={styles.muted}>{vertrag.grund}</span> : null}
        </td>
      </tr>
    );
  }
  const { bisherigeZuersKlasse: bisher, zuersKlasse: neu } = vertrag;
  return (
    <tr>
      {name}
      <td data-label={t('relocation.colAb')}>
        {vertrag.wirksamkeitsdatum ? formatDate(vertrag.wirksamkeitsdatum) : null}
      </td>
      <td data-label={t('relocation.colBisher')}>
        {vertrag.bisherigerBeitrag ? <Amount beitrag={vertrag.bisherigerBeitrag} /> : null}
      </td>
      <td data-label={t('relocation.colNeu')}>
        {vertrag.neuerBeitrag ? <Amount beitrag={vertrag.neuerBeitrag} /> : null}
        {vertrag.ersetzt?.length ? (
          <span className={styles.muted}>
            {t('relocation.ersetzt', { entries: vertrag.ersetzt.join('; ') })}
          </span>
        ) : null}
      </td>
      <td data-label={t('relocation.colZuers')}>
        {neu === undefined ? (
          '–'
        ) : (
          <>
            {bisher !== undefined && bisher !== neu
              ? t('relocation.zuersChange', { bisher, neu })
              : t('relocation.zuersValue', { klasse: neu })}
            <span className={styles.muted}>
              {vertrag.elementarEinschliessbar
                ? t('relocation.elementarPossible')
                : t('relocation.elementarImpossible')}
            </span>
          </>
        )}
      </td>
    </tr>
  );
}

function PreviewTable({ vorschau }: { vorschau: UmzugVorschau }) {
  const { t } = useTranslation(NS);
  return (
    <div className={styles.tableScroll} role="region" aria-labelledby="umzug-table-caption" tabIndex={0}>
      <table className={styles.table}>
        <caption id="umzug-table-caption" className={styles.caption}>
          {t('relocation.tableCaption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('relocation.colVertrag')}</th>
            <th scope="col">{t('relocation.colAb')}</th>
            <th scope="col">{t('relocation.colBisher')}</th>
            <th scope="col">{t('relocation.colNeu')}</th>
            <th scope="col">{t('relocation.colZuers')}</th>
          </tr>
        </thead>
        <tbody>
          {vorschau.vertraege.map((vertrag) => (
            <ContractRow key={vertrag.versicherungsNummer} vertrag={vertrag} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SpecialCancellation({ vorschau }: { vorschau: UmzugVorschau }) {
  const { t } = useTranslation(NS);
  const rising = vorschau.vertraege.filter((v) => v.sonderkuendigungBis);
  if (rising.length === 0) return null;
  return (
    <InfoBox variant="info" headline={t('relocation.sonderkuendigungTitle')}>
      {rising.map((v) => (
        <p key={v.versicherungsNummer}>
          <strong>
            {v.versicherungsName} ({v.versicherungsNummer}):
          </strong>{' '}
          {t('relocation.sonderkuendigung', { date: formatDate(v.sonderkuendigungBis!) })}
        </p>
      ))}
    </InfoBox>
  );
}

type Step =
  | { step: 'form' }
  | { step: 'preview'; body: UmzugBody; vorschau: UmzugVorschau }
  | { step: 'done'; body: UmzugBody; saved: UmzugVorschau };

function UmzugFlow({ kunde }: { kunde: UmzugKunde }) {
  const { t } = useTranslation(NS);
  const [state, setState] = useState<Step>({ step: 'form' });
  const [lastBody, setLastBody] = useState<UmzugBody | undefined>(undefined);
  const preview = usePreviewUmzug(kunde.partnerNummer);
  const save = useSaveUmzug(kunde.partnerNummer);
  const addressText = (a: UmzugBody['adresse']) => t('relocation.address', a);
  const back = `/vermittler/kunde/${kunde.partnerNummer}/`;

  const calculate = (body: UmzugBody) => {
    setLastBody(body);
    save.reset();
    preview.mutate(body, { onSuccess: (vorschau) => setState({ step: 'preview', body, vorschau }) });
  };

  if (state.step === 'done') {
    const moving = state.saved.vertraege.filter((v) => v.art === 'AENDERUNG').length;
    return (
      <section className={styles.section} aria-labelledby="umzug-done">
        <StepHeading id="umzug-done">{t('relocation.doneHeadline')}</StepHeading>
        <InfoBox variant="info" headline={t('relocation.doneHeadline')}>
          <p>
            {t('relocation.doneText', {
              date: formatDate(state.saved.umzugsdatum),
              address: addressText(state.body.adresse),
            })}
          </p>
          <p>
            {moving > 0 ? t('relocation.doneContracts', { count: moving }) : t('relocation.doneNoContracts')}
          </p>
          <p>{t('relocation.doneMail')}</p>
        </InfoBox>
        <p>
          <Link to={back}>{t('relocation.toCustomer')}</Link>
        </p>
      </section>
    );
  }

  if (state.step === 'preview') {
    const { vorschau, body } = state;
    const failure = save.isError ? umzugFailure(save.error) : undefined;
    const outdated = failure?.status === 409 && failure.code !== 'MOVE_ALREADY_SAVED';
    return (
      <section className={styles.section} aria-labelledby="umzug-preview">
        <StepHeading id="umzug-preview">{t('relocation.previewHeadline')}</StepHeading>
        <p>
          {t('relocation.previewIntro', {
            date: formatDate(vorschau.umzugsdatum),
            address: addressText(body.adresse),
          })}
        </p>
        <PreviewTable vorschau={vorschau} />
        <SpecialCancellation vorschau={vorschau} />
        {vorschau.speicherbar ? (
          <p className={styles.muted}>{t('relocation.hint')}</p>
        ) : (
          <InfoBox variant="warning" headline={t('relocation.blockedTitle')}>
            <p>{t('relocation.blocked')}</p>
          </InfoBox>
        )}
        {failure ? (
          <InfoBox
            variant="error"
            headline={outdated ? t('relocation.errorOutdatedTitle') : t('relocation.errorSaveTitle')}
          >
            <p>{failureText(failure, t)}</p>
          </InfoBox>
        ) : null}
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => setState({ step: 'form' })} isDisabled={save.isPending}>
            {t('relocation.back')}
          </Button>
          {outdated ? (
            <Button isPending={preview.isPending} onPress={() => calculate(body)}>
              {t('relocation.recalculate')}
            </Button>
          ) : vorschau.speicherbar && failure?.code !== 'MOVE_ALREADY_SAVED' ? (
            <Button
              isPending={save.isPending}
              onPress={() =>
                save.mutate(
                  { body, stand: vorschau.stand },
                  { onSuccess: (saved) => setState({ step: 'done', body, saved }) },
                )
              }
            >
              {t('relocation.save')}
            </Button>
          ) : null}
        </div>
      </section>
    );
  }

  const failure = preview.isError ? umzugFailure(preview.error) : undefined;
  const fieldErrors = Object.fromEntries((failure?.fieldErrors ?? []).map((e) => [e.path, e.message]));
  return (
    <section className={styles.section} aria-labelledby="umzug-form">
      {failure && failure.fieldErrors.length === 0 ? (
        <InfoBox variant="error" headline={t('relocation.errorPreviewTitle')}>
          <p>{failureText(failure, t)}</p>
        </InfoBox>
      ) : null}
      <h2 id="umzug-form" className={styles.stepHeading}>
        {t('relocation.legend')}
      </h2>
      <UmzugForm
        kunde={kunde}
        {...(lastBody ? { initial: lastBody } : {})}
        submit={calculate}
        isPending={preview.isPending}
        fieldErrors={fieldErrors}
      />
    </section>
  );
}

/** /vermittler/umzugsservice/:partnerNummer/: the agent's relocation service for one customer. */
export function AgentRelocationPage() {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('relocation.title', { brand: useBrandName() }));
  const { partnerNummer = '' } = useParams();
  const isOn = useFlag('relocation-service');
  const kunde = useUmzugKunde(partnerNummer);
  const data = kunde.data;

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('relocation.headline')}</h1>
      <p>{t('relocation.intro')}</p>
      {!isOn ? (
        <InfoBox variant="warning" headline={t('relocation.headline')}>
          <p>{t('relocation.unavailable')}</p>
        </InfoBox>
      ) : kunde.isPending ? (
        <Loading label={t('relocation.loading')} />
      ) : kunde.isError ? (
        <InfoBox variant="error" headline={t('relocation.errorPreviewTitle')}>
          <p>{apiErrorMessage(kunde.error) ?? t('relocation.loadFailed')}</p>
        </InfoBox>
      ) : data ? (
        <>
          <p className={styles.strong}>
            {t('relocation.customer', { name: data.kundenname, nummer: data.partnerNummer })}
          </p>
          {data.anschrift ? (
            <>
              <p>{t('relocation.current', { address: t('relocation.address', { ...data.anschrift }) })}</p>
              {data.neueAnschrift?.gueltigAb ? (
                <InfoBox
                  variant="info"
                  headline={t('relocation.upcoming', {
                    date: formatDate(data.neueAnschrift.gueltigAb),
                    address: t('relocation.address', { ...data.neueAnschrift }),
                  })}
                />
              ) : null}
              <UmzugFlow kunde={data} />
            </>
          ) : (
            <InfoBox variant="warning" headline={t('relocation.headline')}>
              <p>{t('relocation.noAddress')}</p>
            </InfoBox>
          )}
        </>
      ) : null}
      <p>
        <Link to={`/vermittler/kunde/${partnerNummer}/`}>{t('relocation.toCustomer')}</Link>
      </p>
    </div>
  );
}
