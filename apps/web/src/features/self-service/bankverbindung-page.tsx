// /kunden/bankverbindung/?vertrag=<number>: a new account (IBAN with bank and BIC look-up, account
// holder). It applies at once to every contract debited from the old account, with a new SEPA
// mandate: the preview shows the mandate and its wording before the person gives it by saving, the
// done screen offers the mandate as PDF.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@schirm/domain/format/date';
import { formatIbanGroups, validateIban } from '@schirm/domain/validation/iban';
import { documentFileName } from '../../lib/download-document';
import { Button } from '../../ui/button';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { IbanInput } from '../../ui/forms/iban-input';
import { TextInput } from '../../ui/forms/text-input';
import { lookupBank } from './api/address-bank-api';
import type { ChangePreview, SelfServiceContract } from './api/self-service-api';
import { ChangeFlow, type ChangeFormProps } from './change-flow';
import { SelfServicePage } from './self-service-page';
import { useScopeText, useSelfServiceScope } from './self-service-scope';
import own from './address-bank.module.css';
import styles from './self-service.module.css';

type Body = { iban: string; kontoinhaber: string };

function BankForm({
  contract,
  submit,
  initial,
  isPending,
  fieldErrors,
}: ChangeFormProps<Body> & { contract: SelfServiceContract }) {
  const { t } = useTranslation('self-service');
  const current = contract.bankverbindung;
  const [iban, setIban] = useState(initial?.iban ?? '');
  const [holder, setHolder] = useState(initial?.kontoinhaber ?? current?.kontoinhaber ?? '');
  const [ibanProblem, setIbanProblem] = useState<string | undefined>(undefined);
  const [holderProblem, setHolderProblem] = useState<string | undefined>(undefined);

  function check(): Body | undefined {
    const checked = iban === '' ? undefined : validateIban(iban);
    setIbanProblem(
      checked === undefined ? t('bankverbindung.ibanRequired') : checked.valid ? undefined : checked.message,
    );
    const name = holder.trim();
    setHolderProblem(name.length < 2 ? t('bankverbindung.kontoinhaberRequired') : undefined);
    return checked?.valid && name.length >= 2 ? { iban: checked.iban, kontoinhaber: name } : undefined;
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
      {current ? (
        <dl className={styles.summary}>
          <div>
            <dt>{t('bankverbindung.current')}</dt>
            <dd>
              {t('bankverbindung.currentValue', { iban: current.iban, kontoinhaber: current.kontoinhaber })}
            </dd>
          </div>
        </dl>
      ) : null}
      <IbanInput
        label={t('bankverbindung.iban')}
        value={iban}
        onChange={(next) => {
          setIban(next);
          setIbanProblem(undefined);
        }}
        lookupBank={lookupBank}
        isRequired
        errorMessage={ibanProblem ?? fieldErrors.iban}
      />
      <TextInput
        label={t('bankverbindung.kontoinhaber')}
        description={t('bankverbindung.kontoinhaberDescription')}
        value={holder}
        onChange={(next) => {
          setHolder(next);
          setHolderProblem(undefined);
        }}
        autoComplete="name"
        maxLength={70}
        isRequired
        errorMessage={holderProblem ?? fieldErrors.kontoinhaber}
      />
      <div>
        <Button type="submit" isPending={isPending}>
          {t('bankverbindung.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The new mandate, the contracts it applies to, and (once saved) its PDF. */
function MandateDetails({
  answer,
  step,
  versicherungsNummer,
}: {
  answer: ChangePreview;
  step: 'preview' | 'done';
  versicherungsNummer: string;
}) {
  const { t } = useTranslation('self-service');
  const scope = useSelfServiceScope();
  const as = useScopeText();
  const mandate = answer.sepaMandat;
  if (!mandate) return null;
  const facts: [string, string][] = [
    [t('bankverbindung.creditor'), t('bankverbindung.creditorValue')],
    [t('bankverbindung.glaeubigerId'), mandate.glaeubigerId],
    [
      t('bankverbindung.mandatsreferenz'),
      mandate.mandatsreferenz ?? t('bankverbindung.mandatsreferenzLater'),
    ],
    [t('bankverbindung.kontoinhaberLabel'), mandate.kontoinhaber],
    [t('bankverbindung.ibanLabel'), formatIbanGroups(mandate.iban)],
    ...(mandate.bic ? [[t('bankverbindung.bic'), mandate.bic] as [string, string]] : []),
    ...(mandate.bank ? [[t('bankverbindung.bank'), mandate.bank] as [string, string]] : []),
    [t('bankverbindung.erteiltAm'), formatDate(mandate.erteiltAm)],
  ];
  return (
    <>
      <section aria-labelledby={`mandate-${step}`}>
        <h3 id={`mandate-${step}`} className={own.subHeading}>
          {t('bankverbindung.mandateTitle', as)}
        </h3>
        <dl className={styles.summary}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {step === 'preview' ? (
          <>
            <p>{t('bankverbindung.mandateText')}</p>
            <p>{t('bankverbindung.mandateNote')}</p>
            <p>
              <strong>{t('bankverbindung.mandateConsent', as)}</strong>
            </p>
          </>
        ) : null}
      </section>
      <section aria-labelledby={`mandate-contracts-${step}`}>
        <h3 id={`mandate-contracts-${step}`} className={own.subHeading}>
          {t('bankverbindung.contractsTitle')}
        </h3>
        <p>{t('bankverbindung.contractsText', as)}</p>
        <ul>
          {mandate.vertraege.map((vertrag) => (
            <li key={vertrag.versicherungsNummer}>
              {t('bankverbindung.contractItem', {
                name: vertrag.versicherungsName,
                number: vertrag.versicherungsNummer,
              })}
            </li>
          ))}
        </ul>
      </section>
      {step === 'done' && answer.dokument ? (
        <div>
          <DocumentDownloadButton
            url={scope.documentUrl(answer.dokument.id, answer.dokument.url)}
            fileName={documentFileName(answer.dokument.name, versicherungsNummer)}
            label={t('bankverbindung.download')}
            variant="primary"
          />
          <p>{t('bankverbindung.downloadText', as)}</p>
        </div>
      ) : null}
    </>
  );
}

export function BankverbindungPage() {
  const { t } = useTranslation('self-service');
  return (
    <SelfServicePage slug="bankverbindung">
      {(contract) => (
        <ChangeFlow<Body>
          contract={contract}
          endpoint="bankverbindung"
          describe={(body) =>
            t('bankverbindung.describe', {
              iban: formatIbanGroups(body.iban),
              kontoinhaber: body.kontoinhaber,
            })
          }
          renderForm={(props) => <BankForm contract={contract} {...props} />}
          renderDetails={(answer, step) => (
            <MandateDetails answer={answer} step={step} versicherungsNummer={contract.versicherungsNummer} />
          )}
        />
      )}
    </SelfServicePage>
  );
}
