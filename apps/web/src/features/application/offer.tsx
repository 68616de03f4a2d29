// The documents step and the binding declaration (§ 7 VVG, issue 13 part 6): the offer is prepared
// with the answers when the documents step opens (the server e-mails the pre-contract documents;
// the same answers again give the same offer, no second e-mail), shown with each document's
// download link and the offered premium. The declaration sends the application once per offer key.
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@schirm/domain/format/money';
import { formatDate } from '@schirm/domain/format/date';
import { pruneAnswers } from '@schirm/domain/application/navigation';
import type { ProductApplication } from '@schirm/domain/application/product-application';
import { createErrorId } from '../../lib/error-id';
import type { RequestFailure } from '../../lib/request';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import {
  envelopeOf,
  type Angebot,
  type ApplicationResult,
  type OfferPremium,
  type ServerFieldError,
} from './application-api';
import { useApplicationChannel } from './channel';
import type { ApplicationWizard } from './use-application-wizard';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { usePremiumText } from './variant-step';
import styles from './application.module.css';

/** What a failed offer or send leads to; the page carries it out. */
export type OfferFailure =
  | { kind: 'sorry'; reason: string }
  | { kind: 'check-failed'; reason: string }
  | { kind: 'fieldErrors'; errors: ServerFieldError[] }
  | { kind: 'fehler'; errorId: string }
  | { kind: 'prepareAgain'; message: string };

type Translate = TFunction<'application'>;

/** Why the offer is prepared again, in the words of the `application` texts. */
export const OFFER_MESSAGES = {
  priceChanged: (t: Translate, premium: string | undefined) =>
    t('offer.priceChanged', {
      premium: premium ? t('offer.newPremium', { premium }) : t('offer.newPremiumBelow'),
    }),
  answersChanged: (t: Translate) => t('offer.answersChanged'),
  expired: (t: Translate) => t('offer.expired'),
} as const;

function failureOf(failure: RequestFailure, t: Translate): OfferFailure {
  const envelope = envelopeOf(failure);
  // A key of another offer (not expected: keys are kept per offer): a new offer with a new key.
  if (envelope.code === 'IDEMPOTENCY_KEY_REUSED') {
    return { kind: 'prepareAgain', message: OFFER_MESSAGES.answersChanged(t) };
  }
  if (failure.errorStatus === 422 && envelope.fieldErrors.length > 0) {
    return { kind: 'fieldErrors', errors: envelope.fieldErrors };
  }
  if (failure.errorStatus === 409 && envelope.code === 'APPLICATION_PRICE_CHANGED') {
    // The new premium comes with the new offer (shown below the message); details may name it already.
    const premium = envelope.details?.neuerBeitrag as OfferPremium | undefined;
    const text = typeof premium?.bruttoCents === 'number' ? formatCents(premium.bruttoCents) : undefined;
    return { kind: 'prepareAgain', message: OFFER_MESSAGES.priceChanged(t, text) };
  }
  if (failure.errorStatus === 409) return { kind: 'prepareAgain', message: OFFER_MESSAGES.answersChanged(t) };
  if (
    failure.errorStatus === 410 ||
    (failure.errorStatus === 404 && envelope.code === 'APPLICATION_OFFER_UNKNOWN')
  ) {
    return { kind: 'prepareAgain', message: OFFER_MESSAGES.expired(t) };
  }
  return { kind: 'fehler', errorId: createErrorId() };
}

/** The premium of an offer as one line and its breakdown. */
function PremiumSummary({ beitrag, zahlweise }: { beitrag: OfferPremium; zahlweise: string }) {
  const { t } = useTranslation('application');
  const premiumText = usePremiumText();
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{t('offer.premium')}</dt>
        <dd>
          <strong>{premiumText(beitrag.bruttoCents, zahlweise)}</strong>
        </dd>
      </div>
      <div>
        <dt>{t('offer.net')}</dt>
        <dd>{formatCents(beitrag.nettoCents)}</dd>
      </div>
      <div>
        <dt>{t('offer.tax')}</dt>
        <dd>{formatCents(beitrag.versicherungsteuerCents)}</dd>
      </div>
    </dl>
  );
}

/** The offer's facts: variant, start, premium. */
export function OfferSummary({ offer }: { offer: Angebot }) {
  const { t } = useTranslation('application');
  return (
    <>
      <dl className={styles.summary}>
        <div>
          <dt>{t('offer.product')}</dt>
          <dd>{offer.produktName}</dd>
        </div>
        <div>
          <dt>{t('offer.variant')}</dt>
          <dd>{offer.varianteName}</dd>
        </div>
        <div>
          <dt>{t('offer.start')}</dt>
          <dd>{formatDate(offer.versicherungsbeginn)}</dd>
        </div>
      </dl>
      <PremiumSummary beitrag={offer.beitrag} zahlweise={offer.zahlweise} />
    </>
  );
}

/** Prepares the offer for the current answers when the documents step opens. */
export function DocumentsStep({
  app,
  wizard,
  onFailure,
}: {
  app: ProductApplication;
  wizard: ApplicationWizard;
  onFailure: (failure: OfferFailure) => void;
}) {
  const { t } = useTranslation('application');
  // The answers the last offer (or failure) was for; a different key means preparing.
  const [settled, setSettled] = useState<{ key: string; failed: boolean } | undefined>(undefined);
  const setup = useApplicationChannel();
  const antworten = pruneAnswers(wizard.flow, wizard.wizard.answers, setup.channel);
  const key = JSON.stringify(antworten);
  const offer = wizard.stored.offer;

  useEffect(() => {
    let isCurrent = true;
    // An offer of other answers must not be declared on: it goes until the new one is there (the
    // key of an offer stays, so the same offer again is sent with the same key).
    wizard.update((current) => (current.offer ? { ...current, offer: undefined } : current));
    void setup.prepare(app, JSON.parse(key) as typeof antworten).then((result) => {
      if (!isCurrent || (result.ok && result.canceled)) return;
      if (!result.ok) {
        setSettled({ key, failed: true });
        onFailure(failureOf(result, t));
        return;
      }
      if (result.data.kind === 'uninsurable') {
        onFailure({ kind: 'sorry', reason: result.data.reason });
        return;
      }
      if (result.data.kind === 'check-failed') {
        onFailure({ kind: 'check-failed', reason: result.data.reason });
        return;
      }
      const angebot = result.data;
      wizard.update((current) => ({
        ...current,
        offer: angebot,
        // One key per offer: a new offer gets a new key when it is sent.
        ...(current.idempotency?.angebotId === angebot.angebotId ? {} : { idempotency: undefined }),
      }));
      setSettled({ key, failed: false });
    });
    return () => {
      isCurrent = false;
    };
    // Prepared again only when the answers change; the callbacks are the page's latest.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the answers; the callbacks are read at answer time
  }, [app, key]);

  if (settled?.key === key && settled.failed) return null;
  if (settled?.key !== key || !offer) {
    return <Loading label={t('offer.preparing')} isBlock />;
  }
  return (
    <div className={styles.documents}>
      <InfoBox variant="info" headline={t('offer.documentsHeadline')}>
        <p className={styles.noticeText}>{t('offer.documentsSent', { email: offer.versandtAn })}</p>
      </InfoBox>
      <ul className={styles.documentList}>
        {offer.dokumente.map((document) => (
          <li key={document.typ}>
            {/* In a host's frame (issue 16) a browser that refuses the download opens a new tab. */}
            <a href={document.url} download target="_blank" rel="noopener noreferrer">
              {t('offer.document', { name: document.name })}
            </a>
          </li>
        ))}
      </ul>
      <OfferSummary offer={offer} />
      <p className={styles.hint}>{t('offer.validUntil', { date: formatDate(offer.gueltigBis) })}</p>
    </div>
  );
}

/**
 * Sends the binding application of the stored offer. A second press while sending is ignored; every
 * send of one offer carries the same Idempotency-Key, kept with the wizard (so a retry after a
 * reload is the same application too).
 */
export function useSubmitApplication(
  app: ProductApplication,
  wizard: ApplicationWizard,
  onSent: (result: ApplicationResult) => void,
  onFailure: (failure: OfferFailure) => void,
) {
  const { t } = useTranslation('application');
  const setup = useApplicationChannel();
  const [isSending, setSending] = useState(false);
  const sending = useRef(false);

  async function submit() {
    if (sending.current) return;
    const { offer } = wizard.current();
    if (!offer) {
      onFailure({ kind: 'prepareAgain', message: OFFER_MESSAGES.answersChanged(t) });
      return;
    }
    sending.current = true;
    setSending(true);
    const stored = wizard.update((current) =>
      current.idempotency?.angebotId === offer.angebotId
        ? current
        : { ...current, idempotency: { angebotId: offer.angebotId, key: newIdempotencyKey() } },
    );
    const result = await setup.submit(
      app,
      {
        angebotId: offer.angebotId,
        antworten: pruneAnswers(wizard.flow, stored.wizard.answers, setup.channel),
      },
      stored.idempotency!.key,
    );
    sending.current = false;
    setSending(false);
    if (result.ok && !result.canceled) {
      onSent(result.data);
      return;
    }
    if (!result.ok) {
      const failure = failureOf(result, t);
      // A changed price or answers, or an expired offer: the offer is prepared again.
      if (failure.kind === 'prepareAgain') {
        wizard.update((current) => ({ ...current, offer: undefined, idempotency: undefined }));
      }
      onFailure(failure);
    }
  }

  return { submit, isSending };
}
