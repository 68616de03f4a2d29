// The BHV tariff change (issue 15, flag 'bhv-tariff-change'): one flow – the contract, the change
// date, the premiums compared per payment period and the binding submit (one Idempotency-Key per
// visit, so a double click makes one change) – for the agent (/vermittler/betriebshaftpflicht/
// wechsel/?vertrag=), the signed-in customer (/kunden/tarifwechsel/?vertrag=) and the public page
// (/betriebshaftpflicht/wechsel/: a request by contract number and postcode, or ?token= from the
// e-mail). The public page is the 404 page for any other product.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { formatCents } from '@schirm/domain/format/money';
import { useDocumentTitle } from '../../lib/document-title';
import { apiErrorMessage, documentFileName } from '../../lib/download-document';
import { useFlag, useFlagsSettled } from '../../lib/flags';
import { RequestError } from '../../lib/query-client';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { EmptyState } from '../../ui/empty-state';
import { DateInput } from '../../ui/forms/date-input';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import {
  useRequestTariffChangeLink,
  useSubmitTariffChange,
  useTariffChangePreview,
  type TariffChangeChannel,
  type TariffChangePreview,
  type TariffChangeResult,
} from './api';
import styles from './contract-transfer.module.css';

/** The step's headline takes the focus when the step changes, so screen readers announce it. */
export function Headline({ children, takeFocus = false }: { children: ReactNode; takeFocus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <h1 ref={ref} tabIndex={-1} className={styles.headline}>
      {children}
    </h1>
  );
}

function newKey(): string {
  return crypto.randomUUID();
}

function Comparison({ preview }: { preview: TariffChangePreview }) {
  const { t } = useTranslation('contract-transfer');
  return (
    <section className={styles.card} aria-labelledby="vergleich-headline">
      <h2 id="vergleich-headline" className={styles.cardHeadline}>
        {t('tariff.compare')}
      </h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>{t('tariff.compareCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tariff.period')}</th>
              <th scope="col">{t('tariff.old')}</th>
              <th scope="col">{t('tariff.new')}</th>
              <th scope="col">{t('tariff.tax')}</th>
              <th scope="col">{t('tariff.difference')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.vergleich.map((row) => (
              <tr key={row.zahlweise}>
                <th scope="row">
                  {t(`zahlweise.${row.zahlweise}`)}
                  {row.zahlweise === preview.zahlweise ? ` ${t('tariff.current')}` : ''}
                </th>
                <td>{formatCents(row.altBruttoCents)}</td>
                <td>{formatCents(row.neuBruttoCents)}</td>
                <td>{formatCents(row.neuVersicherungsteuerCents)}</td>
                <td>
                  {row.differenzCents > 0 ? '+' : ''}
                  {formatCents(row.differenzCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ContractFacts({ preview }: { preview: TariffChangePreview }) {
  const { t } = useTranslation('contract-transfer');
  return (
    <section className={styles.card} aria-labelledby="vertrag-headline">
      <h2 id="vertrag-headline" className={styles.cardHeadline}>
        {t('tariff.contract')}: {preview.versicherungsName}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('tariff.number')}</dt>
          <dd>{preview.versicherungsNummer}</dd>
        </div>
        <div>
          <dt>{t('tariff.holder')}</dt>
          <dd>{preview.inhaber}</dd>
        </div>
        <div>
          <dt>{t('tariff.business')}</dt>
          <dd>{preview.hauptgewerbe}</dd>
        </div>
        {preview.nebengewerbe.length > 0 ? (
          <div>
            <dt>{t('tariff.secondary')}</dt>
            <dd>{preview.nebengewerbe.join(', ')}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('tariff.revenue')}</dt>
          <dd>{formatCents(preview.jahresumsatzCents)}</dd>
        </div>
        <div>
          <dt>{t('tariff.variant')}</dt>
          <dd>
            {t('tariff.variantValue', {
              name: preview.varianteName,
              sum: formatCents(preview.versicherungssummeCents, { compact: true }),
            })}
          </dd>
        </div>
      </dl>
      <p>{t('tariff.intro')}</p>
    </section>
  );
}

function Done({ result, channel }: { result: TariffChangeResult; channel: TariffChangeChannel }) {
  const { t } = useTranslation('contract-transfer');
  return (
    <>
      <Headline takeFocus>{t('tariff.done')}</Headline>
      <InfoBox>
        <p>
          {t('tariff.doneText', {
            neu: result.neueVersicherungsNummer,
            alt: result.alteVersicherungsNummer,
            start: formatDate(result.wechselDatum),
            end: formatDate(result.altEndetMitAblaufDes),
          })}
        </p>
        <p>
          {t('tariff.donePremium', {
            amount: formatCents(result.bruttoCents),
            period: t(`zahlweise.${result.zahlweise}`),
          })}
        </p>
      </InfoBox>
      {channel.kind === 'customer' ? (
        <div>
          <DocumentDownloadButton
            url={result.dokument.url}
            fileName={documentFileName(result.dokument.name, result.neueVersicherungsNummer)}
            label={t('tariff.downloadPolicy')}
            variant="primary"
          />
        </div>
      ) : null}
    </>
  );
}

/** Preview, date and binding submit of one contract. */
export function TariffChangeFlow({
  channel,
  onLinkInvalid,
}: {
  channel: TariffChangeChannel;
  onLinkInvalid?: ReactNode;
}) {
  const { t } = useTranslation('contract-transfer');
  const [wechselDatum, setWechselDatum] = useState<string | undefined>(undefined);
  const [key] = useState(newKey);
  const preview = useTariffChangePreview(channel, wechselDatum);
  const submit = useSubmitTariffChange(channel);

  if (submit.data) return <Done result={submit.data} channel={channel} />;
  const headline = <Headline>{t('tariff.headline')}</Headline>;
  if (preview.isPending) {
    return (
      <>
        {headline}
        <Loading label={t('loading')} />
      </>
    );
  }
  if (preview.isError && !preview.data) {
    const status = preview.error instanceof RequestError ? preview.error.errorStatus : undefined;
    const message = apiErrorMessage(preview.error);
    if (status === 403 && channel.kind === 'link' && onLinkInvalid) return <>{onLinkInvalid}</>;
    return (
      <>
        {headline}
        {message && status !== 500 ? (
          <InfoBox variant="warning">{message}</InfoBox>
        ) : (
          <EmptyState preset="error" />
        )}
      </>
    );
  }
  const shown = preview.data;
  if (!shown) return null;
  const dateProblem = preview.isError ? apiErrorMessage(preview.error) : undefined;

  return (
    <>
      {headline}
      <ContractFacts preview={shown} />
      <section className={styles.card} aria-labelledby="termin-headline">
        <h2 id="termin-headline" className={styles.cardHeadline}>
          {t('tariff.date')}
        </h2>
        <DateInput
          label={t('tariff.date')}
          value={wechselDatum ?? shown.wechselDatum}
          min={shown.fruehestesDatum}
          max={shown.spaetestesDatum}
          description={t('tariff.dateDescription', {
            earliest: formatDate(shown.fruehestesDatum),
            latest: formatDate(shown.spaetestesDatum),
          })}
          onChange={(next) => {
            if (next) setWechselDatum(next);
          }}
          isRequired
          {...(dateProblem ? { errorMessage: dateProblem } : {})}
        />
        <p aria-live="polite">
          {t('tariff.dates', {
            end: formatDate(shown.altEndetMitAblaufDes),
            start: formatDate(shown.wechselDatum),
          })}
        </p>
      </section>
      <Comparison preview={shown} />
      <p>{t('tariff.confirmNote')}</p>
      {submit.isError ? (
        <InfoBox variant="error">{apiErrorMessage(submit.error) ?? t('failed')}</InfoBox>
      ) : null}
      <div>
        <Button
          isPending={submit.isPending}
          isDisabled={preview.isFetching || preview.isError}
          onPress={() => submit.mutate({ wechselDatum: shown.wechselDatum, key })}
        >
          {t('tariff.submit')}
        </Button>
      </div>
    </>
  );
}

/** Waits for the flags; says so when the tariff change is switched off. */
function FlagGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('contract-transfer');
  const isOn = useFlag('bhv-tariff-change');
  const isSettled = useFlagsSettled();
  if (isOn) return <>{children}</>;
  if (!isSettled) return <Loading isBlock label={t('loading')} />;
  return (
    <>
      <Headline>{t('tariff.headline')}</Headline>
      <EmptyState title={t('tariff.off')} description={t('tariff.offText')} headingLevel={2} />
    </>
  );
}

function useTitle() {
  const { t } = useTranslation('contract-transfer');
  useDocumentTitle(t('tariff.title', { brand: useBrandName() }));
}

/** /vermittler/betriebshaftpflicht/wechsel/?vertrag=<nr> */
export function AgentTariffChangePage() {
  const { t } = useTranslation('contract-transfer');
  useTitle();
  const [search] = useSearchParams();
  const nr = search.get('vertrag') ?? '';
  return (
    <div className={styles.page}>
      <FlagGate>
        {nr === '' ? (
          <>
            <Headline>{t('tariff.headline')}</Headline>
            <EmptyState
              title={t('tariff.noContract')}
              description={t('tariff.noContractAgent')}
              headingLevel={2}
              action={<Link to="/vermittler/kundenbestand/">{t('tariff.toPortfolio')}</Link>}
            />
          </>
        ) : (
          <>
            <Link to={`/vermittler/vertraege/details/${nr}/`}>{t('holder.back')}</Link>
            <TariffChangeFlow channel={{ kind: 'agent', versicherungsNummer: nr }} />
          </>
        )}
      </FlagGate>
    </div>
  );
}

/** /kunden/tarifwechsel/?vertrag=<nr> */
export function CustomerTariffChangePage() {
  const { t } = useTranslation('contract-transfer');
  useTitle();
  const [search] = useSearchParams();
  const nr = search.get('vertrag') ?? '';
  return (
    <div className={styles.page}>
      <FlagGate>
        {nr === '' ? (
          <>
            <Headline>{t('tariff.headline')}</Headline>
            <EmptyState
              title={t('tariff.noContract')}
              description={t('tariff.noContractCustomer')}
              headingLevel={2}
              action={<Link to="/kunden/vertraege/">{t('tariff.toContracts')}</Link>}
            />
          </>
        ) : (
          <>
            <Link to={`/kunden/vertraege/${nr}/`}>{t('holder.back')}</Link>
            <TariffChangeFlow channel={{ kind: 'customer', versicherungsNummer: nr }} />
          </>
        )}
      </FlagGate>
    </div>
  );
}

/** Contract number and postcode: the link goes to the policyholder when they match. */
function LinkRequest() {
  const { t } = useTranslation('contract-transfer');
  const [nr, setNr] = useState('');
  const [plz, setPlz] = useState('');
  const [problems, setProblems] = useState<{ nr?: string; plz?: string }>({});
  const requestLink = useRequestTariffChangeLink();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = {
      ...(/^\d{9,10}$/.test(nr.trim()) ? {} : { nr: t('tariff.contractNumberError') }),
      ...(/^\d{5}$/.test(plz.trim()) ? {} : { plz: t('tariff.postcodeError') }),
    };
    setProblems(next);
    if (!next.nr && !next.plz) requestLink.mutate({ vertragsnummer: nr.trim(), plz: plz.trim() });
  }

  if (requestLink.data) {
    return (
      <InfoBox headline={t('tariff.requested')}>
        <p>{requestLink.data.nachricht}</p>
      </InfoBox>
    );
  }
  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <p>{t('tariff.orIdentify')}</p>
      <TextInput
        label={t('tariff.contractNumber')}
        value={nr}
        onChange={setNr}
        inputMode="numeric"
        maxLength={10}
        isRequired
        {...(problems.nr ? { errorMessage: problems.nr } : {})}
      />
      <TextInput
        label={t('tariff.postcode')}
        description={t('tariff.postcodeDescription')}
        value={plz}
        onChange={setPlz}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        isRequired
        {...(problems.plz ? { errorMessage: problems.plz } : {})}
      />
      {requestLink.isError ? (
        <InfoBox variant="error">{apiErrorMessage(requestLink.error) ?? t('failed')}</InfoBox>
      ) : null}
      <div>
        <Button type="submit" isPending={requestLink.isPending}>
          {t('tariff.requestLink')}
        </Button>
      </div>
    </form>
  );
}

/** Only /betriebshaftpflicht/wechsel/ exists; any other product is the 404 page. */
export function publicTariffChangeLoader({ params }: LoaderFunctionArgs) {
  if (params.produkt !== 'betriebshaftpflicht') throw data(null, { status: 404 });
  return null;
}

/** /betriebshaftpflicht/wechsel/ (and ?token= from the e-mail) */
export function PublicTariffChangePage() {
  const { t } = useTranslation('contract-transfer');
  useTitle();
  const [search, setSearch] = useSearchParams();
  const token = search.get('token') ?? '';
  const requestForm = (
    <>
      <Headline>{t('tariff.headline')}</Headline>
      <p>{t('tariff.publicIntro')}</p>
      <p>
        <Link to="/kunden/login/">{t('tariff.signIn')}</Link>
      </p>
      <LinkRequest />
    </>
  );
  return (
    <div className={styles.page}>
      <FlagGate>
        {token === '' ? (
          requestForm
        ) : (
          <TariffChangeFlow
            channel={{ kind: 'link', token }}
            onLinkInvalid={
              <>
                <Headline>{t('tariff.linkInvalid')}</Headline>
                <p>{t('tariff.linkInvalidText')}</p>
                <div>
                  <Button variant="secondary" onPress={() => setSearch({})}>
                    {t('tariff.newLink')}
                  </Button>
                </div>
              </>
            }
          />
        )}
      </FlagGate>
    </div>
  );
}
