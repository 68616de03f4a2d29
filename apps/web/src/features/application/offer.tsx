// The documents step and the binding declaration (§ 7 VVG, issue 13 part 6): the offer is prepared
// with the answers when the documents step opens (the server e-mails the pre-contract documents;
// the same answers again give the same offer, no second e-mail), shown with each document's
// download link and the offered premium. The declaration sends the application once per offer key.
import { useEffect, useRef, useState } from 'react';
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
import { newIdempotencyKey } from './use-application-wizard';
import { premiumText } from './variant-step';
import styles from './application.module.css';

/** What a failed offer or send leads to; the page carries it out. */
export type OfferFailure =
  | { kind: 'sorry'; reason: string }
  | { kind: 'check-failed'; reason: string }
  | { kind: 'fieldErrors'; errors: ServerFieldError[] }
  | { kind: 'fehler'; errorId: string }
  | { kind: 'prepareAgain'; message: string };

export const OFFER_MESSAGES = {
  priceChanged: (premium: string | undefined) =>
    `Der Beitrag hat sich seit Ihrem Angebot geändert. ${
      premium ? `Ihr neuer Beitrag: ${premium}.` : 'Ihren neuen Beitrag sehen Sie unten.'
    } Wir haben Ihnen die Vertragsinformationen dazu neu gesendet; bitte prüfen Sie sie und stellen Sie den Antrag dann erneut.`,
  answersChanged:
    'Ihre Angaben haben sich seit dem Angebot geändert. Wir haben Ihnen die Vertragsinformationen zu Ihren aktuellen Angaben neu gesendet; bitte prüfen Sie sie und stellen Sie den Antrag dann erneut.',
  expired:
    'Ihr Angebot ist abgelaufen. Wir haben Ihnen ein neues Angebot mit den Vertragsinformationen gesendet; bitte prüfen Sie es und stellen Sie den Antrag dann erneut.',
} as const;

function failureOf(failure: RequestFailure): OfferFailure {
  const envelope = envelopeOf(failure);
  // A key of another offer (not expected: keys are kept per offer): a new offer with a new key.
  if (envelope.code === 'IDEMPOTENCY_KEY_REUSED') {
    return { kind: 'prepareAgain', message: OFFER_MESSAGES.answersChanged };
  }
  if (failure.errorStatus === 422 && envelope.fieldErrors.length > 0) {
    return { kind: 'fieldErrors', errors: envelope.fieldErrors };
  }
  if (failure.errorStatus === 409 && envelope.code === 'APPLICATION_PRICE_CHANGED') {
    // The new premium comes with the new offer (shown below the message); details may name it already.
    const premium = envelope.details?.neuerBeitrag as OfferPremium | undefined;
    const text = typeof premium?.bruttoCents === 'number' ? formatCents(premium.bruttoCents) : undefined;
    return { kind: 'prepareAgain', message: OFFER_MESSAGES.priceChanged(text) };
  }
  if (failure.errorStatus === 409) return { kind: 'prepareAgain', message: OFFER_MESSAGES.answersChanged };
  if (
    failure.errorStatus === 410 ||
    (failure.errorStatus === 404 && envelope.code === 'APPLICATION_OFFER_UNKNOWN')
  ) {
    return { kind: 'prepareAgain', message: OFFER_MESSAGES.expired };
  }
  return { kind: 'fehler', errorId: createErrorId() };
}

/** The premium of an offer as one line and its breakdown. */
function PremiumSummary({ beitrag, zahlweise }: { beitrag: OfferPremium; zahlweise: string }) {
  return (
    <dl className={styles.summary}>
      <div>
        <dt>Ihr Beitrag</dt>
        <dd>
          <strong>{premiumText(beitrag.bruttoCents, zahlweise)}</strong>
        </dd>
      </div>
      <div>
        <dt>davon Nettobeitrag</dt>
        <dd>{formatCents(beitrag.nettoCents)}</dd>
      </div>
      <div>
        <dt>davon Versicherungsteuer (19 %)</dt>
        <dd>{formatCents(beitrag.versicherungsteuerCents)}</dd>
      </div>
    </dl>
  );
}

/** The offer's facts: variant, start, premium. */
export function OfferSummary({ offer }: { offer: Angebot }) {
  return (
    <>
      <dl className={styles.summary}>
        <div>
          <dt>Produkt</dt>
          <dd>{offer.produktName}</dd>
        </div>
        <div>
          <dt>Tarif</dt>
          <dd>{offer.varianteName}</dd>
        </div>
        <div>
          <dt>Versicherungsbeginn</dt>
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
        onFailure(failureOf(result));
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
    return <Loading label="Wir erstellen Ihr Angebot und senden Ihnen die Vertragsinformationen …" isBlock />;
  }
  return (
    <div className={styles.documents}>
      <InfoBox variant="info" headline="Ihre Vertragsinformationen">
        <p className={styles.noticeText}>
          Wir haben Ihnen die Vertragsinformationen an {offer.versandtAn} gesendet. Sie können sie hier auch
          herunterladen. Bitte lesen Sie sie, bevor Sie den Antrag stellen.
        </p>
      </InfoBox>
      <ul className={styles.documentList}>
        {offer.dokumente.map((document) => (
          <li key={document.typ}>
            {/* In a host's frame (issue 16) a browser that refuses the download opens a new tab. */}
            <a href={document.url} download target="_blank" rel="noopener noreferrer">
              {document.name} (PDF)
            </a>
          </li>
        ))}
      </ul>
      <OfferSummary offer={offer} />
      <p className={styles.hint}>Das Angebot gilt bis {formatDate(offer.gueltigBis)}.</p>
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
  const setup = useApplicationChannel();
  const [isSending, setSending] = useState(false);
  const sending = useRef(false);

  async function submit() {
    if (sending.current) return;
    const { offer } = wizard.current();
    if (!offer) {
      onFailure({ kind: 'prepareAgain', message: OFFER_MESSAGES.answersChanged });
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
      const failure = failureOf(result);
      // A changed price or answers, or an expired offer: the offer is prepared again.
      if (failure.kind === 'prepareAgain') {
        wizard.update((current) => ({ ...current, offer: undefined, idempotency: undefined }));
      }
      onFailure(failure);
    }
  }

  return { submit, isSending };
}
