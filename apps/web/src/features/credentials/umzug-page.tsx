// /kunden/kundendaten/umzug/ (issue 12, ADR 0019): the customer reports a move. The new address is
// entered as on the risk-address page (postcode checked by the server, the place one of the
// postcode's, the street from the ZÜRS street list where there is one), with the moving day inside
// the range the server names. 'Auswirkungen berechnen' shows every running contract: those insured
// at the old address with the premium before and after and (Hausrat) the flood class, the special
// cancellation right where the premium rises, the others as unchanged. 'Umzug verbindlich speichern'
// saves the address and all contract changes together; a 409 offers to calculate again.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import { formatMoney } from '@schirm/domain/format/money';
import { hausnummerSchema } from '@schirm/domain/validation/identifiers';
import { checkPostalCode, loadStreets, usePostcodePlaces } from '../../lib/address-lookup';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { DateInput, dateRangeProblem } from '../../ui/forms/date-input';
import { PostalCodeInput, type PostalCodeValidity } from '../../ui/forms/postal-code-input';
import { SearchableSelect } from '../../ui/forms/searchable-select';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { useMe } from './api/get-me';
import { useStammdaten, type Stammdaten } from './api/stammdaten';
import {
  umzugFailure,
  usePreviewUmzug,
  useSaveUmzug,
  type UmzugBeitrag,
  type UmzugBody,
  type UmzugFailure,
  type UmzugVertrag,
  type UmzugVorschau,
} from './api/umzug';
import styles from './credentials.module.css';

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
    return t('umzug.errorOffline');
  }
  return t('umzug.errorGeneric');
}

function UmzugForm({
  stammdaten,
  initial,
  submit,
  isPending,
  fieldErrors,
}: {
  stammdaten: Stammdaten;
  initial?: UmzugBody;
  submit: (body: UmzugBody) => void;
  isPending: boolean;
  fieldErrors: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation('credentials');
  const [plz, setPlz] = useState(initial?.adresse.plz ?? '');
  const [plzValidity, setPlzValidity] = useState<PostalCodeValidity>('pending');
  const [ort, setOrt] = useState<string | null>(initial?.adresse.ort ?? null);
  const [strasse, setStrasse] = useState(initial?.adresse.strasse ?? '');
  const [hausnummer, setHausnummer] = useState(initial?.adresse.hausnummer ?? '');
  const [datum, setDatum] = useState<CalendarDate | undefined>(initial?.umzugsdatum);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const { fruehestesDatum: min, spaetestesDatum: max } = stammdaten.umzug;

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
    if (plz.trim() === '') found.plz = t('umzug.plzRequired');
    if (chosenOrt === null && isKnownPlz) found.ort = t('umzug.ortRequired');
    if (strasse.trim() === '') found.strasse = t('umzug.strasseRequired');
    const number = hausnummerSchema.safeParse(hausnummer);
    if (hausnummer.trim() === '') found.hausnummer = t('umzug.hausnummerRequired');
    else if (!number.success) found.hausnummer = number.error.issues[0]?.message;
    if (datum === undefined) found.umzugsdatum = t('umzug.datumRequired');
    else if (dateRangeProblem(datum, min, max) !== undefined)
      found.umzugsdatum = t('umzug.datumRange', range);
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
        <legend className={styles.legend}>{t('umzug.legend')}</legend>
        <PostalCodeInput
          label={t('umzug.plz')}
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
          label={t('umzug.ort')}
          description={
            !isKnownPlz ? t('umzug.ortFirst') : places.isPending ? t('umzug.ortLoading') : undefined
          }
          options={options.map((p) => ({ value: p.ort, label: p.ort }))}
          value={chosenOrt}
          onChange={(next) => {
            setOrt(next);
            clear('ort');
          }}
          placeholder={t('umzug.ortPlaceholder')}
          isDisabled={options.length === 0}
          isRequired
          errorMessage={places.isError ? t('umzug.ortFailed') : problemOf('ort')}
        />
        {place?.strassenVorhanden ? (
          <SearchableSelect
            key={`${place.plz} ${place.ort}`}
            label={t('umzug.strasse')}
            description={t('umzug.strasseSearch')}
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
            label={t('umzug.strasse')}
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
          label={t('umzug.hausnummer')}
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
        label={t('umzug.datum')}
        description={t('umzug.datumDescription')}
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
          {t('umzug.calculate')}
        </Button>
      </div>
    </form>
  );
}

function Amount({ beitrag }: { beitrag: UmzugBeitrag }) {
  const { t } = useTranslation('credentials');
  return (
    <>
      {formatMoney(beitrag.beitragProPeriode)} {t(`umzug.period.${beitrag.zahlweise}`)}
    </>
  );
}

function ContractRow({ vertrag }: { vertrag: UmzugVertrag }) {
  const { t } = useTranslation('credentials');
  const name = (
    <th scope="row">
      {vertrag.versicherungsName}
      <br />
      <span className={styles.hint}>{vertrag.versicherungsNummer}</span>
    </th>
  );
  if (vertrag.art !== 'AENDERUNG') {
    return (
      <tr>
        {name}
        <td colSpan={4}>
          <strong>{vertrag.art === 'UNVERAENDERT' ? t('umzug.unchanged') : t('umzug.notPossible')}</strong>
          {vertrag.grund ? <span className={styles.cellNote}>{vertrag.grund}</span> : null}
        </td>
      </tr>
    );
  }
  const ohne = vertrag.beitragOhneUmzug;
  const showOhne =
    ohne &&
    vertrag.bisherigerBeitrag &&
    ohne.beitragProPeriode !== vertrag.bisherigerBeitrag.beitragProPeriode;
  return (
    <tr>
      {name}
      <td>{vertrag.wirksamkeitsdatum ? formatDate(vertrag.wirksamkeitsdatum) : null}</td>
      <td>
        {vertrag.bisherigerBeitrag ? <Amount beitrag={vertrag.bisherigerBeitrag} /> : null}
        {showOhne ? (
          <span className={styles.cellNote}>
            {t('umzug.ohneUmzug', {
              amount: formatMoney(ohne.beitragProPeriode),
              period: t(`umzug.period.${ohne.zahlweise}`),
            })}
          </span>
        ) : null}
      </td>
      <td>
        {vertrag.neuerBeitrag ? <Amount beitrag={vertrag.neuerBeitrag} /> : null}
        {vertrag.ersetzt?.length ? (
          <span className={styles.cellNote}>
            {t('umzug.ersetzt', { entries: vertrag.ersetzt.join('; ') })}
          </span>
        ) : null}
      </td>
      <td>
        {vertrag.zuersKlasse === undefined ? (
          '–'
        ) : (
          <>
            {t('umzug.zuersValue', { klasse: vertrag.zuersKlasse })}
            <span className={styles.cellNote}>
              {vertrag.elementarEinschliessbar
                ? t('umzug.elementarPossible')
                : t('umzug.elementarImpossible')}
            </span>
          </>
        )}
      </td>
    </tr>
  );
}

function PreviewTable({ vorschau }: { vorschau: UmzugVorschau }) {
  const { t } = useTranslation('credentials');
  return (
    <div className={styles.tableScroll} role="region" aria-labelledby="umzug-table-caption" tabIndex={0}>
      <table className={styles.table}>
        <caption id="umzug-table-caption">{t('umzug.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('umzug.colVertrag')}</th>
            <th scope="col">{t('umzug.colAb')}</th>
            <th scope="col">{t('umzug.colBisher')}</th>
            <th scope="col">{t('umzug.colNeu')}</th>
            <th scope="col">{t('umzug.colZuers')}</th>
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
  const { t } = useTranslation('credentials');
  const rising = vorschau.vertraege.filter((v) => v.sonderkuendigungsrecht);
  if (rising.length === 0) return null;
  return (
    <InfoBox variant="info" headline={t('umzug.sonderkuendigungTitle')}>
      {rising.map((v) => (
        <p key={v.versicherungsNummer}>
          <strong>
            {v.versicherungsName} ({v.versicherungsNummer}):
          </strong>{' '}
          {v.sonderkuendigungsrecht}
        </p>
      ))}
    </InfoBox>
  );
}

type Step =
  | { step: 'form' }
  | { step: 'preview'; body: UmzugBody; vorschau: UmzugVorschau }
  | { step: 'done'; body: UmzugBody; saved: UmzugVorschau };

function UmzugFlow({ stammdaten }: { stammdaten: Stammdaten }) {
  const { t } = useTranslation('credentials');
  const [state, setState] = useState<Step>({ step: 'form' });
  const [lastBody, setLastBody] = useState<UmzugBody | undefined>(undefined);
  const preview = usePreviewUmzug(stammdaten.partnerNummer);
  const save = useSaveUmzug(stammdaten.partnerNummer);
  const addressText = (a: UmzugBody['adresse']) => t('umzug.address', a);

  const calculate = (body: UmzugBody) => {
    setLastBody(body);
    save.reset();
    preview.mutate(body, { onSuccess: (vorschau) => setState({ step: 'preview', body, vorschau }) });
  };

  if (state.step === 'done') {
    const moving = state.saved.vertraege.filter((v) => v.art === 'AENDERUNG').length;
    return (
      <section aria-labelledby="umzug-done">
        <StepHeading id="umzug-done">{t('umzug.doneHeadline')}</StepHeading>
        <InfoBox variant="info" headline={t('umzug.doneHeadline')}>
          <p>
            {t('umzug.doneText', {
              date: formatDate(state.saved.umzugsdatum),
              address: addressText(state.body.adresse),
            })}
          </p>
          <p>{moving > 0 ? t('umzug.doneContracts', { count: moving }) : t('umzug.doneNoContracts')}</p>
          <p>{t('umzug.doneMail')}</p>
        </InfoBox>
        <p>
          <Link to="/kunden/kundendaten/">{t('umzug.toOverview')}</Link>
        </p>
      </section>
    );
  }

  if (state.step === 'preview') {
    const { vorschau, body } = state;
    const failure = save.isError ? umzugFailure(save.error) : undefined;
    const outdated = failure?.status === 409 && failure.code !== 'MOVE_ALREADY_SAVED';
    return (
      <section aria-labelledby="umzug-preview">
        <StepHeading id="umzug-preview">{t('umzug.previewHeadline')}</StepHeading>
        <p>
          {t('umzug.previewIntro', {
            date: formatDate(vorschau.umzugsdatum),
            address: addressText(body.adresse),
          })}
        </p>
        <PreviewTable vorschau={vorschau} />
        <SpecialCancellation vorschau={vorschau} />
        {vorschau.speicherbar ? (
          <p className={styles.hint}>{t('umzug.hint')}</p>
        ) : (
          <InfoBox variant="warning" headline={t('umzug.blockedTitle')}>
            <p>{t('umzug.blocked')}</p>
          </InfoBox>
        )}
        {failure ? (
          <InfoBox
            variant="error"
            headline={outdated ? t('umzug.errorOutdatedTitle') : t('umzug.errorSaveTitle')}
          >
            <p>{failureText(failure, t)}</p>
            {failure.code === 'MOVE_ALREADY_SAVED' ? (
              <p>
                <Link to="/kunden/kundendaten/">{t('umzug.toOverview')}</Link>
              </p>
            ) : null}
          </InfoBox>
        ) : null}
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => setState({ step: 'form' })} isDisabled={save.isPending}>
            {t('umzug.back')}
          </Button>
          {outdated ? (
            <Button isPending={preview.isPending} onPress={() => calculate(body)}>
              {t('umzug.recalculate')}
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
              {t('umzug.save')}
            </Button>
          ) : null}
        </div>
      </section>
    );
  }

  const failure = preview.isError ? umzugFailure(preview.error) : undefined;
  const fieldErrors = Object.fromEntries((failure?.fieldErrors ?? []).map((e) => [e.path, e.message]));
  return (
    <section aria-labelledby="umzug-form">
      {failure && failure.fieldErrors.length === 0 ? (
        <InfoBox variant="error" headline={t('umzug.errorPreviewTitle')}>
          <p>{failureText(failure, t)}</p>
        </InfoBox>
      ) : null}
      <h2 id="umzug-form" className={styles.stepHeading}>
        {t('umzug.legend')}
      </h2>
      <UmzugForm
        stammdaten={stammdaten}
        {...(lastBody ? { initial: lastBody } : {})}
        submit={calculate}
        isPending={preview.isPending}
        fieldErrors={fieldErrors}
      />
    </section>
  );
}

export function UmzugPage() {
  const { t } = useTranslation('credentials');
  useDocumentTitle(t('umzug.title', { brand: useBrandName() }));
  const me = useMe();
  const stammdaten = useStammdaten(me.data?.partnerNummer);
  const data = stammdaten.data;

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('umzug.headline')}</h1>
      <p>{t('umzug.intro')}</p>
      {me.isPending || (me.data?.partnerNummer && stammdaten.isPending) ? (
        <Loading label={t('umzug.loading')} />
      ) : null}
      {me.isError || stammdaten.isError ? (
        <InfoBox variant="error" headline={t('umzug.errorPreviewTitle')}>
          <p>{t('overview.stammdatenFailed')}</p>
        </InfoBox>
      ) : null}
      {me.isSuccess && !me.data.partnerNummer ? (
        <InfoBox variant="warning" headline={t('umzug.headline')}>
          <p>{t('umzug.noPartner')}</p>
        </InfoBox>
      ) : null}
      {data && !data.anschrift ? (
        <InfoBox variant="warning" headline={t('umzug.headline')}>
          <p>{t('address.none')}</p>
        </InfoBox>
      ) : null}
      {data?.anschrift ? (
        <>
          <p>{t('umzug.current', { address: t('umzug.address', { ...data.anschrift }) })}</p>
          {data.neueAnschrift ? (
            <InfoBox
              variant="info"
              headline={t('address.upcoming', { date: formatDate(data.neueAnschrift.gueltigAb) })}
            >
              <p>{t('umzug.address', { ...data.neueAnschrift })}</p>
            </InfoBox>
          ) : null}
          <UmzugFlow stammdaten={data} />
        </>
      ) : null}
      <p>
        <Link to="/kunden/kundendaten/">{t('umzug.toOverview')}</Link>
      </p>
    </div>
  );
}
