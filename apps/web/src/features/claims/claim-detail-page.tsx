// /kunden/schaeden/:claimId/ (issue 14 part 3): one claim with the tracker of its states
// (GEMELDET → DECKUNG_GEPRUEFT → BEGUTACHTET → REGULIERT, or ABGELEHNT with the reason; an ordered
// list with the current state marked by aria-current), the documents still open with an upload
// per document, the answers as given, and the claim's messages as a conversation with the clerk
// (the design system's chat list and input; flag 'claims-hub').
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CLAIM_PRODUCT_INFO } from '@schirm/domain/claims/products';
import {
  CLAIM_STATE_DESCRIPTIONS,
  CLAIM_STATE_LABELS,
  CLAIM_TRACKER_STATES,
  type ClaimState,
} from '@schirm/domain/claims/status';
import { formatDate } from '@schirm/domain/format/date';
import { formatFileSize } from '@schirm/domain/validation/files';
import { useDocumentTitle } from '../../lib/document-title';
import { useFlag } from '../../lib/flags';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { RequestError } from '../../lib/query-client';
import { MessageInput } from '../../ui/chat/message-input';
import { MessageList } from '../../ui/chat/message-list';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import {
  useClaim,
  useClaimDocuments,
  useClaimMessages,
  useSendClaimMessage,
  useSubmitClaimDocument,
  type ClaimDetail,
  type ClaimHistoryEntry,
  type ClaimRequiredDocument,
} from './claims-api';
import styles from './claims.module.css';
import { useWizardParts, type UploadFieldProps } from './wizard-parts';

export function ClaimDetailPage() {
  const { claimId = '' } = useParams();
  const claim = useClaim(claimId);
  const notFound =
    claim.error instanceof RequestError &&
    (claim.error.errorStatus === 404 || claim.error.errorStatus === 400 || claim.error.errorStatus === 403);
  useDocumentTitle(claim.data ? `Schaden ${claim.data.schadennummer}` : 'Schaden');

  return (
    <div className={styles.page}>
      <Link to="/kunden/schaeden/">Zurück zu Ihren Schäden</Link>
      {claim.isPending ? <Loading label="Ihr Schaden wird geladen …" /> : null}
      {claim.isError ? (
        notFound ? (
          <>
            <h1 className={styles.headline}>Diesen Schaden finden wir nicht</h1>
            <EmptyState
              title="Zu dieser Adresse gibt es keinen Schaden in Ihrem Konto."
              description="Bitte öffnen Sie den Schaden aus der Liste Ihrer Schäden."
            />
          </>
        ) : (
          <>
            <h1 className={styles.headline}>Schaden</h1>
            <EmptyState preset="error" />
          </>
        )
      ) : null}
      {claim.isSuccess ? <ClaimSections claim={claim.data} /> : null}
    </div>
  );
}

function ClaimSections({ claim }: { claim: ClaimDetail }) {
  const isHubOn = useFlag('claims-hub');
  return (
    <>
      <h1 className={styles.headline}>{`Schaden ${claim.schadennummer}`}</h1>
      <dl className={styles.facts}>
        <div>
          <dt>Produkt</dt>
          <dd>{CLAIM_PRODUCT_INFO[claim.produkt]?.name ?? claim.produkt}</dd>
        </div>
        <div>
          <dt>Vertrag</dt>
          <dd>{claim.vertragsnummer}</dd>
        </div>
        <div>
          <dt>Schadentag</dt>
          <dd>{formatDate(claim.schadentag)}</dd>
        </div>
        <div>
          <dt>Gemeldet am</dt>
          <dd>{formatDate(claim.gemeldetAm)}</dd>
        </div>
      </dl>
      <ClaimTracker status={claim.status} verlauf={claim.verlauf} />
      <OpenDocuments claimId={claim.claimId} />
      {isHubOn ? <ClaimConversation claimId={claim.claimId} schadennummer={claim.schadennummer} /> : null}
      <ClaimFiles claim={claim} />
      {claim.antworten.length > 0 ? (
        <section className={styles.section} aria-labelledby="angaben-titel">
          <h2 id="angaben-titel" className={styles.sectionHeadline}>
            Ihre Angaben
          </h2>
          {claim.antworten.map((section) => (
            <div key={section.schritt} className={styles.summarySection}>
              <h3 className={styles.documentTitle}>{section.titel}</h3>
              <dl className={styles.summary}>
                {section.angaben.map((line) => (
                  <div key={line.label}>
                    <dt>{line.label}</dt>
                    <dd>{line.wert}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}

/** The receipt and the files sent for no particular document, each to download. */
function ClaimFiles({ claim }: { claim: ClaimDetail }) {
  if (claim.dokumente.length === 0 && claim.dateien.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="dateien-titel">
      <h2 id="dateien-titel" className={styles.sectionHeadline}>
        Dokumente und Dateien
      </h2>
      {claim.dokumente.map((document) => (
        <DocumentDownloadButton
          key={document.url}
          url={document.url}
          fileName={`${document.titel} ${claim.schadennummer}.pdf`}
          label={`${document.titel} herunterladen (PDF)`}
        />
      ))}
      {claim.dateien.map((file) => (
        <DocumentDownloadButton
          key={file.id}
          url={file.url}
          fileName={file.dateiname}
          variant="tertiary"
          label={`${file.dateiname} (${formatFileSize(file.groesse)}) herunterladen`}
        />
      ))}
    </section>
  );
}

/** The states of the way, or the way taken up to a rejection and the rejection with its reason. */
export function trackerSteps(
  status: ClaimState,
  verlauf: readonly ClaimHistoryEntry[],
): { status: ClaimState; am?: string; grund?: string }[] {
  const reachedOn = new Map(verlauf.map((entry) => [entry.status, entry]));
  if (status !== 'ABGELEHNT') {
    return CLAIM_TRACKER_STATES.map((state) => ({
      status: state,
      ...(reachedOn.get(state) ? { am: reachedOn.get(state)!.am } : {}),
    }));
  }
  const reached = CLAIM_TRACKER_STATES.filter((state) => reachedOn.has(state));
  const rejection = reachedOn.get('ABGELEHNT');
  return [
    ...reached.map((state) => ({ status: state, am: reachedOn.get(state)!.am })),
    {
      status: 'ABGELEHNT' as const,
      ...(rejection ? { am: rejection.am } : {}),
      ...(rejection?.grund ? { grund: rejection.grund } : {}),
    },
  ];
}

/** The tracker: an ordered list, done states with their day, the current one marked. */
export function ClaimTracker({
  status,
  verlauf,
}: {
  status: ClaimState;
  verlauf: readonly ClaimHistoryEntry[];
}) {
  const steps = trackerSteps(status, verlauf);
  const currentIndex = steps.findIndex((step) => step.status === status);
  return (
    <section className={styles.section} aria-labelledby="stand-titel">
      <h2 id="stand-titel" className={styles.sectionHeadline}>
        Stand Ihres Schadens
      </h2>
      <ol className={styles.tracker}>
        {steps.map((step, index) => {
          const phase = index < currentIndex ? 'erledigt' : index === currentIndex ? 'aktuell' : 'offen';
          return (
            <li
              key={step.status}
              className={styles.trackerStep}
              data-phase={phase}
              data-state={step.status}
              aria-current={phase === 'aktuell' ? 'step' : undefined}
            >
              <span className={styles.trackerLabel}>{CLAIM_STATE_LABELS[step.status]}</span>
              <span className={styles.trackerMeta}>
                {phase === 'erledigt' ? 'erledigt' : phase === 'aktuell' ? 'aktueller Stand' : 'noch offen'}
                {step.am ? `, ${formatDate(step.am)}` : ''}
              </span>
              {phase === 'aktuell' ? (
                <span className={styles.trackerText}>{CLAIM_STATE_DESCRIPTIONS[step.status]}</span>
              ) : null}
              {step.grund ? <span className={styles.trackerText}>{`Grund: ${step.grund}`}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function OpenDocuments({ claimId }: { claimId: string }) {
  const documents = useClaimDocuments(claimId);
  const open = documents.data?.filter((document) => document.status === 'offen') ?? [];
  const sent = documents.data?.filter((document) => document.status === 'eingereicht') ?? [];
  return (
    <section className={styles.section} aria-labelledby="unterlagen-titel">
      <h2 id="unterlagen-titel" className={styles.sectionHeadline}>
        Unterlagen
      </h2>
      {documents.isPending ? <Loading label="Ihre Unterlagen werden geladen …" /> : null}
      {documents.isError ? <EmptyState preset="error" /> : null}
      {documents.isSuccess && open.length === 0 ? (
        <p>Es fehlen keine Unterlagen. Wir melden uns, wenn wir noch etwas brauchen.</p>
      ) : null}
      {open.length > 0 ? (
        <ul className={styles.documentList}>
          {open.map((document) => (
            <OpenDocument key={document.key} claimId={claimId} document={document} />
          ))}
        </ul>
      ) : null}
      {sent.length > 0 ? (
        <>
          <h3 className={styles.documentTitle}>Eingereicht</h3>
          <ul className={styles.sentList}>
            {sent.map((document) => (
              <li key={document.key}>
                {document.titel}
                {document.dateien.length > 0
                  ? `: ${document.dateien.map((file) => file.dateiname).join(', ')}`
                  : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function OpenDocument({ claimId, document }: { claimId: string; document: ClaimRequiredDocument }) {
  const submit = useSubmitClaimDocument(claimId);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  return (
    <li className={styles.document}>
      <h3 className={styles.documentTitle}>{document.titel}</h3>
      <p className={styles.documentState} data-state="offen">
        {`Fehlt noch · Frist: bis ${formatDate(document.frist)}`}
      </p>
      <p className={styles.documentDescription}>{document.beschreibung}</p>
      <DocumentUploadField
        label={`${document.titel} hochladen`}
        isDisabled={submit.isPending}
        onUploaded={(uploadIds) => {
          setFailure(undefined);
          submit.mutate(
            { key: document.key, uploadIds },
            {
              onError: (error) =>
                setFailure(
                  error instanceof RequestError &&
                    typeof error.errorStatus === 'number' &&
                    error.errorStatus < 500
                    ? (messageOf(error) ??
                        'Die Unterlage konnte nicht angenommen werden. Bitte versuchen Sie es noch einmal.')
                    : 'Die Unterlage konnte gerade nicht gesendet werden. Bitte versuchen Sie es später noch einmal.',
                ),
            },
          );
        }}
      />
      {submit.isPending ? <Loading label="Ihre Unterlage wird gesendet …" /> : null}
      {failure ? (
        <InfoBox variant="error" headline="Nicht gesendet">
          {failure}
        </InfoBox>
      ) : null}
    </li>
  );
}

function messageOf(error: RequestError): string | undefined {
  const body = error.error as { error?: { message?: string } } | undefined;
  return body?.error?.message;
}

function ClaimConversation({ claimId, schadennummer }: { claimId: string; schadennummer: string }) {
  const messages = useClaimMessages(claimId);
  const send = useSendClaimMessage(claimId);
  // One key per message: kept when sending fails (the retry is written once), new once it is sent.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  return (
    <section className={styles.section} aria-labelledby="nachrichten-titel">
      <h2 id="nachrichten-titel" className={styles.sectionHeadline}>
        Nachrichten zu diesem Schaden
      </h2>
      {messages.isPending ? <Loading label="Die Nachrichten werden geladen …" /> : null}
      {messages.isError ? <EmptyState preset="error" /> : null}
      {messages.isSuccess && messages.data.length === 0 ? (
        <p>Noch keine Nachrichten. Schreiben Sie uns, wenn Sie Fragen zu Ihrem Schaden haben.</p>
      ) : null}
      {messages.isSuccess && messages.data.length > 0 ? (
        <MessageList
          messages={messages.data}
          aria-label={`Nachrichtenverlauf zu Schaden ${schadennummer}`}
          className={styles.conversation}
        />
      ) : null}
      <MessageInput
        label={`Nachricht zu Schaden ${schadennummer}`}
        placeholder="Ihre Nachricht an die Schadenabteilung"
        onSend={async (text) => {
          setFailure(undefined);
          try {
            await send.mutateAsync({ text, idempotencyKey });
            setIdempotencyKey(newIdempotencyKey());
          } catch (error) {
            setFailure(
              (error instanceof RequestError ? messageOf(error) : undefined) ??
                'Ihre Nachricht konnte gerade nicht gesendet werden. Bitte versuchen Sie es noch einmal.',
            );
            throw error;
          }
        }}
      />
      {failure ? (
        <InfoBox variant="error" headline="Nicht gesendet">
          {failure}
        </InfoBox>
      ) : null}
    </section>
  );
}

/**
 * The uploads feature's field for one open document: once the chosen files are all uploaded
 * (none still running), the finished ones not yet sent are handed on together.
 */
function DocumentUploadField({
  label,
  isDisabled,
  onUploaded,
}: {
  label: string;
  isDisabled: boolean;
  onUploaded: (uploadIds: string[]) => void;
}) {
  const { UploadField } = useWizardParts();
  const sent = useRef<ReadonlySet<string>>(new Set());
  const onUploadedRef = useRef(onUploaded);
  useLayoutEffect(() => {
    onUploadedRef.current = onUploaded;
  });
  const onChange = useCallback<UploadFieldProps['onChange']>(({ uploaded, isUploading }) => {
    if (isUploading) return;
    const fresh = uploaded.map((upload) => upload.uploadId).filter((id) => !sent.current.has(id));
    if (fresh.length === 0) return;
    sent.current = new Set([...sent.current, ...fresh]);
    onUploadedRef.current(fresh);
  }, []);
  return <UploadField label={label} isDisabled={isDisabled} onChange={onChange} />;
}
