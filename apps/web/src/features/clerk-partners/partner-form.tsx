import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { VERMITTLER_NUMMER_PATTERN } from '@schirm/domain/validation/identifiers';
import { apiErrorMessage } from '../../lib/download-document';
import { Button } from '../../ui/button';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { Textarea } from '../../ui/forms/textarea';
import { InfoBox } from '../../ui/info-box';
import { EMBED_PRODUCTS, PARTNER_BRANDS } from '../../lib/embed-options';
import { useSavePartner, type ClerkPartner, type PartnerChanges } from './api';
import { parseOrigins, type OriginProblem } from './origins';
import layout from '../../ui/back-office/clerk-page.module.css';
import styles from './clerk-partners.module.css';

interface Draft {
  name: string;
  origins: string;
  brand: string;
  vermittlernummer: string;
  produkte: string[];
  kundenbereich: boolean;
  aktiv: boolean;
}

interface Errors {
  name?: string;
  origins?: string;
  vermittlernummer?: string;
  produkte?: string;
}

const NO_BRAND = 'keine';
/** As many origins as the server takes for one partner. */
const MAX_ORIGINS = 20;

function draftOf(partner: ClerkPartner): Draft {
  return {
    name: partner.name,
    origins: partner.origins.join('\n'),
    brand: partner.brand ?? NO_BRAND,
    vermittlernummer: partner.vermittlernummer ?? '',
    produkte: partner.produkte,
    kundenbereich: partner.kundenbereich,
    aktiv: partner.aktiv,
  };
}

/** The settings of one partner: checked here in German before anything is sent. */
export function PartnerForm({ partner }: { partner: ClerkPartner }) {
  const { t } = useTranslation('clerk-partners');
  const save = useSavePartner(partner.partnerKey);
  const [draft, setDraft] = useState<Draft>(() => draftOf(partner));
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);

  function change(next: Partial<Draft>) {
    setDraft((current) => ({ ...current, ...next }));
    setSaved(false);
  }

  function originMessage(problem: OriginProblem): string {
    return t(`edit.originProblem.${problem.kind}`, {
      line: problem.line,
      value: problem.value,
      firstLine: problem.firstLine,
    });
  }

  function validate(): { errors: Errors; changes: PartnerChanges } {
    const { origins, problems } = parseOrigins(draft.origins);
    const found: Errors = {};
    if (draft.name.trim() === '') found.name = t('edit.nameMissing');
    if (problems.length > 0) found.origins = problems.map(originMessage).join(' ');
    else if (origins.length > MAX_ORIGINS) found.origins = t('edit.originsTooMany', { max: MAX_ORIGINS });
    else if (draft.aktiv && origins.length === 0) found.origins = t('edit.originsMissing');
    const vermittlernummer = draft.vermittlernummer.trim();
    if (vermittlernummer !== '' && !VERMITTLER_NUMMER_PATTERN.test(vermittlernummer)) {
      found.vermittlernummer = t('edit.brokerInvalid');
    }
    if (draft.produkte.length === 0 && !draft.kundenbereich) found.produkte = t('edit.productsMissing');
    return {
      errors: found,
      changes: {
        name: draft.name.trim(),
        origins,
        brand: draft.brand === NO_BRAND ? null : draft.brand,
        vermittlernummer: vermittlernummer === '' ? null : vermittlernummer,
        // In the catalogue's order, whatever order they were ticked in.
        produkte: EMBED_PRODUCTS.map((product) => product.slug).filter((slug) =>
          draft.produkte.includes(slug),
        ),
        kundenbereich: draft.kundenbereich,
        aktiv: draft.aktiv,
      },
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const { errors: found, changes } = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(changes, {
      onSuccess: (partnerAfter) => {
        setDraft(draftOf(partnerAfter));
        setSaved(true);
      },
    });
  }

  const brandOptions = [
    { value: NO_BRAND, label: t('edit.brandNone') },
    ...EMBED_PRODUCTS.map((product) => ({
      value: product.slug,
      label: t('edit.brandProduct', { name: product.name }),
    })),
    ...PARTNER_BRANDS.map((brand) => ({ value: brand, label: t(`edit.brandNames.${brand}`) })),
  ];
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="einstellungen">
      <h2 id="einstellungen" className={layout.sectionHeadline}>
        {t('edit.settings')}
      </h2>
      <TextInput
        label={t('edit.name')}
        isRequired
        maxLength={100}
        value={draft.name}
        onChange={(name) => change({ name })}
        {...(errors.name ? { errorMessage: errors.name } : {})}
      />
      <Textarea
        label={t('edit.origins')}
        description={t('edit.originsHint')}
        isRequired
        rows={4}
        placeholder="https://www.beispiel.de"
        value={draft.origins}
        onChange={(origins) => change({ origins })}
        {...(errors.origins ? { errorMessage: errors.origins } : {})}
      />
      <Select
        label={t('edit.brand')}
        description={t('edit.brandHint')}
        isRequired
        options={brandOptions}
        value={draft.brand}
        onChange={(brand) => change({ brand: brand ?? NO_BRAND })}
      />
      <TextInput
        label={t('edit.broker')}
        description={t('edit.brokerHint')}
        inputMode="numeric"
        maxLength={10}
        value={draft.vermittlernummer}
        onChange={(vermittlernummer) => change({ vermittlernummer })}
        {...(errors.vermittlernummer ? { errorMessage: errors.vermittlernummer } : {})}
      />
      <fieldset
        className={styles.choices}
        aria-describedby={errors.produkte ? 'produkte-fehler' : undefined}
        aria-invalid={errors.produkte ? true : undefined}
      >
        <legend>{t('edit.products')}</legend>
        {EMBED_PRODUCTS.map((product) => (
          <label key={product.slug} className={styles.choice}>
            <input
              type="checkbox"
              checked={draft.produkte.includes(product.slug)}
              onChange={(event) =>
                change({
                  produkte: event.target.checked
                    ? [...draft.produkte, product.slug]
                    : draft.produkte.filter((slug) => slug !== product.slug),
                })
              }
            />
            {product.name}
          </label>
        ))}
        {errors.produkte ? (
          <p id="produkte-fehler" className={layout.error}>
            {errors.produkte}
          </p>
        ) : null}
      </fieldset>
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={draft.kundenbereich}
          onChange={(event) => change({ kundenbereich: event.target.checked })}
        />
        {t('edit.customerArea')}
      </label>
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={draft.aktiv}
          onChange={(event) => change({ aktiv: event.target.checked })}
        />
        {t('edit.active')}
      </label>
      {hasErrors ? (
        <p role="alert" className={layout.error}>
          {t('edit.fixErrors')}
        </p>
      ) : null}
      {save.isError ? (
        <p role="alert" className={layout.error}>
          {apiErrorMessage(save.error) ?? t('edit.failed')}
        </p>
      ) : null}
      {saved ? (
        <InfoBox variant="info" headline={t('edit.savedHeadline')}>
          <p role="status">{t('edit.saved')}</p>
        </InfoBox>
      ) : null}
      <div className={layout.actions}>
        <Button type="submit" isPending={save.isPending}>
          {t('edit.save')}
        </Button>
      </div>
    </form>
  );
}
