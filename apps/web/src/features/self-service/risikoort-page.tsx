// /kunden/risikoort/?vertrag=<number>: a move of the insured place. The postcode is checked by the
// server (spec §5), the town is one of the postcode's places, the street comes from the places'
// ZÜRS street list where there is one (free text otherwise), then the house number and the day of
// the move. The new premium follows the new address; for Hausrat also its flood class (ZÜRS).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wunschdatumRange } from '@schirm/domain/contract/pending-changes';
import { todayInGermany, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import { hausnummerSchema } from '@schirm/domain/validation/identifiers';
import { Button } from '../../ui/button';
import { DateInput, dateRangeProblem } from '../../ui/forms/date-input';
import { PostalCodeInput, type PostalCodeValidity } from '../../ui/forms/postal-code-input';
import { SearchableSelect } from '../../ui/forms/searchable-select';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { checkPostalCode, loadStreets, usePostcodePlaces } from './api/address-bank-api';
import type { ChangePreview, SelfServiceContract } from './api/self-service-api';
import { ChangeFlow, type ChangeFormProps } from './change-flow';
import { PendingNote } from './pending-note';
import { SelfServicePage } from './self-service-page';
import own from './address-bank.module.css';
import styles from './self-service.module.css';

type Address = { plz: string; ort: string; strasse: string; hausnummer: string };
type Body = { risikoOrt: Address; wunschdatum: CalendarDate };
type Field = 'plz' | 'ort' | 'strasse' | 'hausnummer' | 'wunschdatum';

/**
 * The days a move can be dated (wunschdatumRange, as the server checks): at most 3 months back and
 * not before the contract's current state began, at most 12 months ahead.
 */
function moveDateRange(contract: SelfServiceContract): { min: CalendarDate; max: CalendarDate } {
  const { earliest, latest } = wunschdatumRange(contract, 'risikoort', todayInGermany());
  return { min: earliest, max: latest };
}

function RisikoortForm({
  contract,
  submit,
  initial,
  isPending,
  fieldErrors,
}: ChangeFormProps<Body> & { contract: SelfServiceContract }) {
  const { t } = useTranslation('self-service');
  const [plz, setPlz] = useState(initial?.risikoOrt.plz ?? '');
  const [plzValidity, setPlzValidity] = useState<PostalCodeValidity>('pending');
  const [ort, setOrt] = useState<string | null>(initial?.risikoOrt.ort ?? null);
  const [strasse, setStrasse] = useState(initial?.risikoOrt.strasse ?? '');
  const [hausnummer, setHausnummer] = useState(initial?.risikoOrt.hausnummer ?? '');
  const [datum, setDatum] = useState<CalendarDate | undefined>(initial?.wunschdatum);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const { min, max } = moveDateRange(contract);

  const isKnownPlz = /^\d{5}$/.test(plz) && plzValidity === 'valid';
  const places = usePostcodePlaces(plz, isKnownPlz);
  const options = isKnownPlz ? (places.data ?? []) : [];
  // One place: it is the place. Otherwise the chosen one, if it belongs to the postcode.
  const chosenOrt = options.length === 1 ? options[0]!.ort : options.some((p) => p.ort === ort) ? ort : null;
  const place = options.find((p) => p.ort === chosenOrt);

  const clear = (field: Field) => setProblems(({ [field]: _gone, ...rest }) => rest);
  const problemOf = (field: Field, serverPath: string) => problems[field] ?? fieldErrors[serverPath];

  function check(): Body | undefined {
    const found: Partial<Record<Field, string>> = {};
    if (plz.trim() === '') found.plz = t('risikoort.plzRequired');
    if (chosenOrt === null && plz.trim() !== '' && isKnownPlz) found.ort = t('risikoort.ortRequired');
    if (strasse.trim() === '') found.strasse = t('risikoort.strasseRequired');
    const number = hausnummerSchema.safeParse(hausnummer);
    if (hausnummer.trim() === '') found.hausnummer = t('risikoort.hausnummerRequired');
    else if (!number.success) found.hausnummer = number.error.issues[0]?.message;
    if (datum === undefined) found.wunschdatum = t('risikoort.datumRequired');
    setProblems(found);
    const ready =
      Object.keys(found).length === 0 &&
      isKnownPlz &&
      chosenOrt !== null &&
      number.success &&
      datum !== undefined &&
      dateRangeProblem(datum, min, max) === undefined;
    if (!ready) return undefined;
    return {
      risikoOrt: { plz: plz.trim(), ort: chosenOrt, strasse: strasse.trim(), hausnummer: number.data },
      wunschdatum: datum,
    };
  }

  const ortDescription = !isKnownPlz
    ? t('risikoort.ortFirst')
    : places.isPending
      ? t('risikoort.ortLoading')
      : undefined;

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
      <PendingNote contract={contract} type="risikoort" />
      <fieldset className={own.fieldset}>
        <legend className={own.legend}>{t('risikoort.legend')}</legend>
        <PostalCodeInput
          label={t('risikoort.plz')}
          value={plz}
          onChange={(next) => {
            setPlz(next);
            clear('plz');
            clear('ort');
          }}
          checkPostalCode={checkPostalCode}
          onValidityChange={setPlzValidity}
          isRequired
          errorMessage={problemOf('plz', 'risikoOrt.plz')}
        />
        <Select
          label={t('risikoort.ort')}
          description={ortDescription}
          options={options.map((p) => ({ value: p.ort, label: p.ort }))}
          value={chosenOrt}
          onChange={(next) => {
            setOrt(next);
            clear('ort');
          }}
          placeholder={t('risikoort.ortPlaceholder')}
          isDisabled={options.length === 0}
          isRequired
          errorMessage={places.isError ? t('risikoort.ortFailed') : problemOf('ort', 'risikoOrt.ort')}
        />
        {place?.strassenVorhanden ? (
          <SearchableSelect
            // A new place has other streets: a fresh field with its own suggestions.
            key={`${place.plz} ${place.ort}`}
            label={t('risikoort.strasse')}
            description={t('risikoort.strasseSearch')}
            loadOptions={(pattern, signal) => loadStreets(place, pattern, signal)}
            value={strasse === '' ? null : { value: strasse, label: strasse }}
            onChange={(option) => {
              setStrasse(option?.value ?? '');
              clear('strasse');
            }}
            isRequired
            errorMessage={problemOf('strasse', 'risikoOrt.strasse')}
          />
        ) : (
          <TextInput
            label={t('risikoort.strasse')}
            value={strasse}
            onChange={(next) => {
              setStrasse(next);
              clear('strasse');
            }}
            maxLength={100}
            isRequired
            errorMessage={problemOf('strasse', 'risikoOrt.strasse')}
          />
        )}
        <TextInput
          label={t('risikoort.hausnummer')}
          value={hausnummer}
          onChange={(next) => {
            setHausnummer(next);
            clear('hausnummer');
          }}
          maxLength={20}
          isRequired
          errorMessage={problemOf('hausnummer', 'risikoOrt.hausnummer')}
        />
      </fieldset>
      <DateInput
        label={t('risikoort.datum')}
        description={t('risikoort.datumDescription')}
        value={datum}
        onChange={(next) => {
          setDatum(next);
          clear('wunschdatum');
        }}
        min={min}
        max={max}
        isRequired
        errorMessage={problemOf('wunschdatum', 'wunschdatum')}
      />
      <div>
        <Button type="submit" isPending={isPending}>
          {t('form.calculate')}
        </Button>
      </div>
    </form>
  );
}

/** The flood class of the new home (Hausrat), which the new premium already reflects. */
function FloodClass({ answer }: { answer: ChangePreview }) {
  const { t } = useTranslation('self-service');
  if (answer.zuersKlasse === undefined) return null;
  return (
    <InfoBox variant="info" headline={t('risikoort.zuersTitle')}>
      <p>{t('risikoort.zuers', { klasse: answer.zuersKlasse })}</p>
      <p>
        {answer.elementarEinschliessbar
          ? t('risikoort.elementarPossible')
          : t('risikoort.elementarImpossible')}
      </p>
    </InfoBox>
  );
}

export function RisikoortPage() {
  const { t } = useTranslation('self-service');
  return (
    <SelfServicePage slug="risikoort">
      {(contract) => (
        <>
          {contract.risikoOrt ? (
            <p>{t('risikoort.current', { address: t('risikoort.address', contract.risikoOrt) })}</p>
          ) : null}
          <ChangeFlow<Body>
            contract={contract}
            endpoint="beitrag/risikoort"
            describe={(body) =>
              t('risikoort.describe', {
                address: t('risikoort.address', body.risikoOrt),
                date: formatDate(body.wunschdatum),
              })
            }
            renderForm={(props) => <RisikoortForm contract={contract} {...props} />}
            renderDetails={(answer) => <FloodClass answer={answer} />}
          />
        </>
      )}
    </SelfServicePage>
  );
}
