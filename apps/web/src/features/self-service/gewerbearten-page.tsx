// /kunden/gewerbearten/?vertrag=<number>: the insured business types (main and secondary), chosen
// with the product's business type finder; secondary ones can be added and removed. The new premium
// applies from the first of the next month. A secondary type found in the search joins the list
// with 'Hinzufügen' (not on selection: emptying the focused field would open its list again).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import { Button } from '../../ui/button';
import { SearchableSelect, type SearchOption } from '../../ui/forms/searchable-select';
import { findBusinessTypes } from './api/business-api';
import type { SelfServiceContract } from './api/self-service-api';
import { ChangeFlow, type ChangeFormProps } from './change-flow';
import { PendingNote } from './pending-note';
import { SelfServicePage } from './self-service-page';
import businessStyles from './business.module.css';
import styles from './self-service.module.css';

/** The business types by id, as the API takes them. */
type Body = { hauptgewerbe: string; nebengewerbe: string[] };

/** Most secondary business types a contract insures (the server's limit). */
const MAX_NEBENGEWERBE = 10;

function optionOf(referenz: { id: string; name: string }): SearchOption {
  return { value: referenz.id, label: referenz.name };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

function GewerbeartenForm({
  contract,
  names,
  remember,
  submit,
  initial,
  isPending,
  fieldErrors,
}: ChangeFormProps<Body> & {
  contract: SelfServiceContract;
  /** Names of the business types seen so far, by id. */
  names: ReadonlyMap<string, string>;
  remember: (option: SearchOption) => void;
}) {
  const { t } = useTranslation('self-service');
  const produkt = catalogueEntryForSummaryProdukt(contract.produktIdentifier).productKey;
  const current = contract.versicherteGewerbe;
  const named = (id: string): SearchOption => ({ value: id, label: names.get(id) ?? id });
  const [haupt, setHaupt] = useState<SearchOption | null>(
    initial ? named(initial.hauptgewerbe) : current ? optionOf(current.hauptgewerbe) : null,
  );
  const [neben, setNeben] = useState<SearchOption[]>(
    initial ? initial.nebengewerbe.map(named) : (current?.nebengewerbe.map(optionOf) ?? []),
  );
  const [hauptProblem, setHauptProblem] = useState<string | undefined>(undefined);
  const [nebenProblem, setNebenProblem] = useState<string | undefined>(undefined);
  const [formProblem, setFormProblem] = useState<string | undefined>(undefined);
  /** The secondary business type found in the search field, until 'Hinzufügen' takes it. */
  const [candidate, setCandidate] = useState<SearchOption | null>(null);
  const addRef = useRef<HTMLInputElement>(null);
  const load = (pattern: string, signal: AbortSignal) => findBusinessTypes(produkt, pattern, signal);
  const serverNeben = Object.entries(fieldErrors).find(([path]) => path.startsWith('nebengewerbe'))?.[1];

  const add = () => {
    if (candidate === null) {
      setNebenProblem(t('gewerbearten.addRequired'));
      return;
    }
    setFormProblem(undefined);
    if (candidate.value === haupt?.value) {
      setNebenProblem(t('gewerbearten.isMain', { name: candidate.label }));
      return;
    }
    if (neben.some((entry) => entry.value === candidate.value)) {
      setNebenProblem(t('gewerbearten.duplicate', { name: candidate.label }));
      return;
    }
    setNebenProblem(undefined);
    setNeben([...neben, candidate]);
    setCandidate(null);
  };

  const remove = (option: SearchOption) => {
    setNeben(neben.filter((entry) => entry.value !== option.value));
    setNebenProblem(undefined);
    setFormProblem(undefined);
    // The button is gone with its entry: the person continues at the field for adding.
    addRef.current?.focus();
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (haupt === null) {
          setHauptProblem(t('gewerbearten.mainRequired'));
          return;
        }
        if (neben.some((entry) => entry.value === haupt.value)) {
          setHauptProblem(t('gewerbearten.mainIsSecondary', { name: haupt.label }));
          return;
        }
        if (candidate !== null) {
          setNebenProblem(t('gewerbearten.notAdded', { name: candidate.label }));
          addRef.current?.focus();
          return;
        }
        const body = { hauptgewerbe: haupt.value, nebengewerbe: neben.map((entry) => entry.value) };
        if (
          current &&
          body.hauptgewerbe === current.hauptgewerbe.id &&
          sameSet(
            body.nebengewerbe,
            current.nebengewerbe.map((entry) => entry.id),
          )
        ) {
          setFormProblem(t('gewerbearten.sameAsCurrent'));
          return;
        }
        submit(body);
      }}
    >
      <PendingNote contract={contract} type="gewerbearten" />
      <SearchableSelect
        label={t('gewerbearten.mainField')}
        description={t('gewerbearten.mainDescription')}
        placeholder={t('gewerbearten.placeholder')}
        loadOptions={load}
        value={haupt}
        onChange={(option) => {
          if (option) remember(option);
          setHaupt(option);
          setHauptProblem(undefined);
          setFormProblem(undefined);
        }}
        isRequired
        errorMessage={hauptProblem ?? fieldErrors.hauptgewerbe}
      />
      <fieldset className={businessStyles.fieldset}>
        <legend className={businessStyles.legend}>{t('gewerbearten.secondaryHeadline')}</legend>
        {neben.length === 0 ? (
          <p>{t('gewerbearten.secondaryNone')}</p>
        ) : (
          <ul className={businessStyles.businessList} aria-label={t('gewerbearten.secondaryList')}>
            {neben.map((entry) => (
              <li key={entry.value} className={businessStyles.businessItem}>
                <span>{entry.label}</span>
                <Button
                  variant="tertiary"
                  aria-label={t('gewerbearten.removeLabel', { name: entry.label })}
                  onPress={() => remove(entry)}
                >
                  {t('gewerbearten.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {neben.length < MAX_NEBENGEWERBE ? (
          <div className={businessStyles.addRow}>
            <SearchableSelect
              ref={addRef}
              label={t('gewerbearten.addField')}
              description={t('gewerbearten.addDescription', { max: MAX_NEBENGEWERBE })}
              placeholder={t('gewerbearten.placeholder')}
              loadOptions={load}
              value={candidate}
              onChange={(option) => {
                if (option) remember(option);
                setCandidate(option);
                setNebenProblem(undefined);
              }}
              errorMessage={nebenProblem ?? serverNeben}
            />
            <div>
              <Button variant="secondary" onPress={add}>
                {t('gewerbearten.add')}
              </Button>
            </div>
          </div>
        ) : (
          <p>{t('gewerbearten.tooMany', { max: MAX_NEBENGEWERBE })}</p>
        )}
      </fieldset>
      {formProblem ? (
        <p role="alert" className={businessStyles.problem}>
          {formProblem}
        </p>
      ) : null}
      <div>
        <Button type="submit" isPending={isPending}>
          {t('form.calculate')}
        </Button>
      </div>
    </form>
  );
}

export function GewerbeartenPage() {
  const { t } = useTranslation('self-service');
  const [names, setNames] = useState<ReadonlyMap<string, string>>(() => new Map());
  const remember = (option: SearchOption) =>
    setNames((known) =>
      known.get(option.value) === option.label ? known : new Map(known).set(option.value, option.label),
    );
  return (
    <SelfServicePage slug="gewerbearten">
      {(contract) => {
        // The contract's business types by name, plus those chosen on this page.
        const known = new Map(names);
        const gewerbe = contract.versicherteGewerbe;
        for (const entry of gewerbe ? [gewerbe.hauptgewerbe, ...gewerbe.nebengewerbe] : []) {
          if (!known.has(entry.id)) known.set(entry.id, entry.name);
        }
        const nameOf = (id: string) => known.get(id) ?? id;
        return (
          <ChangeFlow<Body>
            contract={contract}
            endpoint="betriebsart"
            describe={(body) =>
              t('gewerbearten.describe', {
                main: nameOf(body.hauptgewerbe),
                secondary:
                  body.nebengewerbe.length === 0
                    ? t('gewerbearten.describeNone')
                    : body.nebengewerbe.map(nameOf).join(', '),
              })
            }
            renderForm={(props) => (
              <GewerbeartenForm contract={contract} names={known} remember={remember} {...props} />
            )}
          />
        );
      }}
    </SelfServicePage>
  );
}
