import type { ConsentState } from '@schirm/domain/consents';
import { formatDate } from '@schirm/domain/format/date';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../lib/download-document';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { Button, buttonClassName } from '../../ui/button';
import { Checkbox } from '../../ui/forms/checkbox';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { Modal } from '../../ui/modal';
import {
  useConsents,
  useConsentWording,
  useGiveConsent,
  useWithdrawConsent,
  type ConsentEntry,
  type ConsentStatus,
  type ConsentWording,
} from './api/consent-api';
import styles from './consent.module.css';

/** Where a signed-out visitor signs in: the same page in the customer portal, which they come back to. */
export const CONSENT_SIGN_IN_PATH = '/kunden/einwilligung/';

export type ConsentSession = 'pending' | 'signed-in' | 'signed-out';

function useStateText(zustand: ConsentStatus): string {
  const { t } = useTranslation('consent');
  const date = zustand.status === 'WIDERRUFEN' ? zustand.widerrufenAm : zustand.erteiltAm;
  return t(`state.${zustand.status}`, {
    date: date ? formatDate(date) : '',
    version: zustand.version ?? '',
  });
}

function Wording({ wording }: { wording: ConsentWording }) {
  const { t } = useTranslation('consent');
  return (
    <section className={styles.wording} aria-labelledby="einwilligung-titel">
      <h1 id="einwilligung-titel" className={styles.headline}>
        {wording.titel}
      </h1>
      <p className={styles.version}>
        {t('version', { version: wording.version, date: formatDate(wording.gueltigAb) })}
      </p>
      {wording.absaetze.map((absatz) => (
        <p key={absatz}>{absatz}</p>
      ))}
    </section>
  );
}

function History({ entries }: { entries: ConsentEntry[] }) {
  const { t } = useTranslation('consent');
  if (entries.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="einwilligung-verlauf">
      <h2 id="einwilligung-verlauf" className={styles.subheadline}>
        {t('history')}
      </h2>
      <ul className={styles.history}>
        {entries.map((entry) => (
          <li key={entry.id}>
            {t('historyEntry', { version: entry.version, given: formatDate(entry.erteiltAm) })}
            {', '}
            {entry.beendetAm && entry.beendetDurch
              ? t(`historyEnded.${entry.beendetDurch}`, { date: formatDate(entry.beendetAm) })
              : t('historyRunning')}
          </li>
        ))}
      </ul>
    </section>
  );
}

const CAN_GIVE: ReadonlySet<ConsentState> = new Set(['NICHT_ERTEILT', 'WIDERRUFEN', 'VERALTET']);

/** Give (checkbox and button) or withdraw (button, with the consequences, confirmed in a dialog). */
function Controls({ wording, zustand }: { wording: ConsentWording; zustand: ConsentStatus }) {
  const { t } = useTranslation('consent');
  const give = useGiveConsent();
  const withdraw = useWithdrawConsent();
  const [isConfirmed, setConfirmed] = useState(false);
  const [showRequired, setShowRequired] = useState(false);
  const [isWithdrawing, setWithdrawing] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const history = useConsents(true);
  const state = useStateText(zustand);

  const submitGive = () => {
    if (!isConfirmed) {
      setShowRequired(true);
      return;
    }
    setNotice(undefined);
    give.mutate(wording.version, {
      onSuccess: () => {
        setConfirmed(false);
        setNotice(t('given'));
      },
    });
  };

  const confirmWithdraw = () =>
    withdraw.mutate(wording.version, {
      onSuccess: () => {
        setWithdrawing(false);
        setNotice(t('withdrawn'));
      },
    });

  return (
    <>
      <section className={styles.section} aria-labelledby="einwilligung-stand">
        <h2 id="einwilligung-stand" className={styles.subheadline}>
          {t('stateHeadline')}
        </h2>
        <div role="status">{notice ? <p>{notice}</p> : null}</div>
        <p>{state}</p>
      </section>
      {CAN_GIVE.has(zustand.status) ? (
        <form
          className={styles.section}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submitGive();
          }}
        >
          <Checkbox
            label={t('confirm')}
            value={isConfirmed}
            onChange={(value) => {
              setConfirmed(value);
              if (value) setShowRequired(false);
            }}
            isRequired
            isInvalid={showRequired}
            errorMessage={t('confirmRequired')}
          />
          <div className={styles.actions}>
            <Button type="submit" isPending={give.isPending}>
              {t('give')}
            </Button>
            {give.isPending ? <span role="status">{t('giving')}</span> : null}
          </div>
          {give.isError ? (
            <p role="alert" className={styles.error}>
              {apiErrorMessage(give.error) ?? t('failed')}
            </p>
          ) : null}
        </form>
      ) : null}
      {zustand.status === 'ERTEILT' || zustand.status === 'VERALTET' ? (
        <section className={styles.section} aria-labelledby="einwilligung-widerruf">
          <h2 id="einwilligung-widerruf" className={styles.subheadline}>
            {t('withdrawHeadline')}
          </h2>
          <p>{wording.widerrufsfolgen}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onPress={() => setWithdrawing(true)}>
              {t('withdraw')}
            </Button>
          </div>
        </section>
      ) : null}
      <Modal
        isOpen={isWithdrawing}
        onOpenChange={(open) => {
          setWithdrawing(open);
          if (!open) withdraw.reset();
        }}
        title={t('withdrawTitle')}
        role="alertdialog"
        confirmLabel={t('withdrawConfirm')}
        onConfirm={confirmWithdraw}
        isConfirmPending={withdraw.isPending}
      >
        <p>{wording.widerrufsfolgen}</p>
        {withdraw.isError ? (
          <p role="alert" className={styles.error}>
            {apiErrorMessage(withdraw.error) ?? t('failed')}
          </p>
        ) : null}
      </Modal>
      <History entries={history.data ?? []} />
    </>
  );
}

function SignInHint() {
  const { t } = useTranslation('consent');
  return (
    <section className={styles.section} aria-labelledby="einwilligung-anmelden">
      <h2 id="einwilligung-anmelden" className={styles.subheadline}>
        {t('signInHeadline')}
      </h2>
      <p>{t('signInText')}</p>
      <div className={styles.actions}>
        <Link to={CONSENT_SIGN_IN_PATH} className={buttonClassName()}>
          {t('signIn')}
        </Link>
      </div>
      <p>{t('otherWays')}</p>
    </section>
  );
}

/**
 * /einwilligung/ and /kunden/einwilligung/ (spec §2): the consent to process health data as text
 * with its version; a signed-in customer sees their state and gives or withdraws it here, anyone
 * else reads the text and is offered the sign-in, which comes back to the customer portal's copy.
 */
export function ConsentPage({ session }: { session: ConsentSession }) {
  const { t } = useTranslation('consent');
  useDocumentTitle(t('title', { brand: useBrandName() }));
  const signedIn = session === 'signed-in';
  const wording = useConsentWording(signedIn);
  if (session === 'pending' || wording.isPending) return <Loading label={t('loading')} />;
  if (wording.isError) {
    return (
      <div className={styles.page}>
        <InfoBox variant="warning">{t('loadFailed')}</InfoBox>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <p className={styles.eyebrow}>{t('eyebrow')}</p>
      <Wording wording={wording.data} />
      {signedIn && wording.data.zustand ? (
        <Controls wording={wording.data} zustand={wording.data.zustand} />
      ) : (
        <SignInHint />
      )}
    </div>
  );
}

/** /kunden/einwilligung/: behind the customer portal's session guard. */
export function CustomerConsentPage() {
  return <ConsentPage session="signed-in" />;
}
