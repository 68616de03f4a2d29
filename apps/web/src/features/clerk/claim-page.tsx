import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { apiErrorMessage } from '../../lib/download-document';
import { useDocumentTitle } from '../../lib/document-title';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { RequestError } from '../../lib/query-client';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { EmptyState } from '../../ui/empty-state';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { Textarea } from '../../ui/forms/textarea';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { Modal } from '../../ui/modal';
import {
  useClerkClaim,
  useMoveClaim,
  useRequestDocument,
  useSetClaimHandler,
  useWriteClaimMessage,
  type ClaimState,
  type ClerkClaimDetail,
} from './api/clerk-api';
import { STATE_LABELS } from './inbox-page';
import styles from './clerk.module.css';

function ActionError({ error }: { error: unknown }) {
  const { t } = useTranslation('clerk');
  return (
    <p role="alert" className={styles.error}>
      {apiErrorMessage(error) ?? t('claim.failed')}
    </p>
  );
}

function Notice({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <InfoBox variant="info">
      <p role="status">{text}</p>
    </InfoBox>
  );
}

/** The move form; remounted when the state changes (its choice starts again), so the notice lives above it. */
function MoveForm({
  claim,
  notice,
  onNotice,
}: {
  claim: ClerkClaimDetail;
  notice: string | undefined;
  onNotice: (notice: string | undefined) => void;
}) {
  const { t } = useTranslation('clerk');
  const move = useMoveClaim(claim.claimId);
  const allowed = claim.erlaubteStatus ?? [];
  const [next, setNext] = useState<ClaimState | null>(allowed[0] ?? null);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const isRejection = next === 'ABGELEHNT';

  function submit(event: FormEvent) {
    event.preventDefault();
    onNotice(undefined);
    if (!next) return;
    if (isRejection && reason.trim() === '') {
      setReasonMissing(true);
      return;
    }
    move.mutate(
      { nach: next, erwartet: claim.status, ...(reason.trim() ? { grund: reason.trim() } : {}) },
      {
        onSuccess: () => {
          onNotice(t('claim.moved', { state: STATE_LABELS[next] }));
          setReason('');
        },
      },
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="status-aendern">
      <h2 id="status-aendern" className={styles.sectionHeadline}>
        {t('claim.moveHeadline')}
      </h2>
      <Notice text={notice} />
      {allowed.length === 0 ? (
        <p>{t('claim.closed')}</p>
      ) : (
        <>
          <Select
            label={t('claim.nextState')}
            isRequired
            options={allowed.map((value) => ({ value, label: STATE_LABELS[value] }))}
            value={next}
            onChange={(value) => setNext(value as ClaimState | null)}
          />
          <Textarea
            label={isRejection ? t('claim.reasonLabel') : t('claim.noteLabel')}
            description={t('claim.reasonHint')}
            isRequired={isRejection}
            rows={3}
            maxLength={2000}
            placeholder=""
            value={reason}
            onChange={(value) => {
              setReason(value);
              if (value.trim() !== '') setReasonMissing(false);
            }}
            {...(reasonMissing && isRejection ? { errorMessage: t('claim.reasonRequired') } : {})}
          />
          {move.isError ? <ActionError error={move.error} /> : null}
          <div className={styles.actions}>
            <Button type="submit" isPending={move.isPending}>
              {t('claim.move')}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

function RequestForm({ claim }: { claim: ClerkClaimDetail }) {
  const { t } = useTranslation('clerk');
  const request = useRequestDocument(claim.claimId);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [days, setDays] = useState('14');
  const [errors, setErrors] = useState<{ title?: string; days?: string }>({});
  const [notice, setNotice] = useState<string>();
  if (claim.abgeschlossen) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(undefined);
    const fristTage = Number(days);
    const found = {
      ...(title.trim() === '' ? { title: t('claim.requestTitleMissing') } : {}),
      ...(!Number.isInteger(fristTage) || fristTage < 1 || fristTage > 90
        ? { days: t('claim.requestDeadlineInvalid') }
        : {}),
    };
    setErrors(found);
    if (found.title || found.days) return;
    const titel = title.trim();
    request.mutate(
      { titel, fristTage, ...(description.trim() ? { beschreibung: description.trim() } : {}) },
      {
        onSuccess: () => {
          setNotice(t('claim.requestedNotice', { title: titel }));
          setTitle('');
          setDescription('');
        },
      },
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="unterlage-anfordern">
      <h2 id="unterlage-anfordern" className={styles.sectionHeadline}>
        {t('claim.requestHeadline')}
      </h2>
      <Notice text={notice} />
      <TextInput
        label={t('claim.requestTitle')}
        isRequired
        maxLength={200}
        value={title}
        onChange={setTitle}
        {...(errors.title ? { errorMessage: errors.title } : {})}
      />
      <Textarea
        label={t('claim.requestDescription')}
        rows={3}
        maxLength={2000}
        placeholder=""
        value={description}
        onChange={setDescription}
      />
      <TextInput
        label={t('claim.requestDeadline')}
        isRequired
        inputMode="numeric"
        maxLength={2}
        value={days}
        onChange={setDays}
        {...(errors.days ? { errorMessage: errors.days } : {})}
      />
      {request.isError ? <ActionError error={request.error} /> : null}
      <div className={styles.actions}>
        <Button type="submit" isPending={request.isPending}>
          {t('claim.request')}
        </Button>
      </div>
    </form>
  );
}

function WriteForm({ claim }: { claim: ClerkClaimDetail }) {
  const { t } = useTranslation('clerk');
  const write = useWriteClaimMessage(claim.claimId);
  // One key per message: a new one once it is written, the same one when it is sent again.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [notice, setNotice] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(undefined);
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    write.mutate(
      { text: text.trim(), idempotencyKey },
      {
        onSuccess: () => {
          setNotice(t('claim.written'));
          setText('');
          setIdempotencyKey(newIdempotencyKey());
        },
      },
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="nachricht-schreiben">
      <h2 id="nachricht-schreiben" className={styles.sectionHeadline}>
        {t('claim.writeHeadline')}
      </h2>
      <Notice text={notice} />
      <Textarea
        label={t('claim.writeLabel')}
        isRequired
        rows={4}
        maxLength={5000}
        placeholder=""
        value={text}
        onChange={(value) => {
          setText(value);
          if (value.trim() !== '') setMissing(false);
        }}
        {...(missing ? { errorMessage: t('claim.writeMissing') } : {})}
      />
      {write.isError ? <ActionError error={write.error} /> : null}
      <div className={styles.actions}>
        <Button type="submit" isPending={write.isPending}>
          {t('claim.write')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Who handles the claim, and the clerk's take / take over / hand back. Each sends the handler this
 * page shows; when a colleague changed it meanwhile, the server's German 409 says who handles it
 * now, and 'Seite neu laden' fetches the claim again.
 */
function HandlerSection({ claim }: { claim: ClerkClaimDetail }) {
  const { t } = useTranslation('clerk');
  const handler = useSetClaimHandler(claim.claimId);
  const refetch = useClerkClaim(claim.claimId).refetch;
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string>();
  const current = claim.bearbeiter;
  const since = current ? formatDate(current.seit) : '';

  function send(uebernehmen: boolean) {
    setNotice(undefined);
    handler.mutate(
      { uebernehmen, bisher: current?.accountId ?? null },
      {
        onSuccess: () => {
          setConfirming(false);
          setNotice(uebernehmen ? t('claim.taken') : t('claim.released'));
        },
      },
    );
  }

  return (
    <section className={styles.section} aria-labelledby="bearbeitung">
      <h2 id="bearbeitung" className={styles.sectionHeadline}>
        {t('claim.handlerHeadline')}
      </h2>
      <Notice text={notice} />
      <p>
        {current === null
          ? t('claim.handlerNobody')
          : current.ich
            ? t('claim.handlerYou', { date: since })
            : t('claim.handlerOther', { name: current.name, date: since })}
      </p>
      {handler.isError && !confirming ? (
        <>
          <ActionError error={handler.error} />
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onPress={() => {
                handler.reset();
                void refetch();
              }}
            >
              {t('claim.reload')}
            </Button>
          </div>
        </>
      ) : null}
      <div className={styles.actions}>
        {current === null ? (
          <Button isPending={handler.isPending} onPress={() => send(true)}>
            {t('claim.take')}
          </Button>
        ) : current.ich ? (
          <Button variant="secondary" isPending={handler.isPending} onPress={() => send(false)}>
            {t('claim.release')}
          </Button>
        ) : (
          <Button variant="secondary" onPress={() => setConfirming(true)}>
            {t('claim.takeOver', { name: current.name })}
          </Button>
        )}
      </div>
      {current !== null && !current.ich ? (
        <Modal
          isOpen={confirming}
          onOpenChange={(open) => {
            setConfirming(open);
            if (!open) handler.reset();
          }}
          title={t('claim.takeOverTitle')}
          role="alertdialog"
          confirmLabel={t('claim.takeOverConfirm')}
          onConfirm={() => send(true)}
          isConfirmPending={handler.isPending}
        >
          <p>{t('claim.takeOverText', { name: current.name })}</p>
          {handler.isError ? <ActionError error={handler.error} /> : null}
        </Modal>
      ) : null}
    </section>
  );
}

function ClaimView({ claim }: { claim: ClerkClaimDetail }) {
  const { t } = useTranslation('clerk');
  useDocumentTitle(t('claim.title', { number: claim.schadennummer, brand: useBrandName() }));
  const [moveNotice, setMoveNotice] = useState<string>();
  return (
    <article className={styles.page} aria-labelledby="schaden-titel">
      <Link to="/innendienst/">{t('claim.back')}</Link>
      <h1 id="schaden-titel" className={styles.headline}>
        {t('claim.headline', { number: claim.schadennummer })}
      </h1>
      <dl className={styles.facts}>
        <div>
          <dt>{t('claim.status')}</dt>
          <dd>{claim.statusLabel}</dd>
        </div>
        <div>
          <dt>{t('claim.customer')}</dt>
          <dd>
            {claim.partnerName ?? ''} {claim.partnerNummer ? `(${claim.partnerNummer})` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('claim.product')}</dt>
          <dd>{claim.produktName}</dd>
        </div>
        <div>
          <dt>{t('claim.contract')}</dt>
          <dd>{claim.vertragsnummer}</dd>
        </div>
        <div>
          <dt>{t('claim.damageDay')}</dt>
          <dd>{formatDate(claim.schadentag)}</dd>
        </div>
        <div>
          <dt>{t('claim.reportedOn')}</dt>
          <dd>
            <time dateTime={claim.gemeldetAm}>{formatDate(claim.gemeldetAm)}</time>
          </dd>
        </div>
        {claim.melder ? (
          <div>
            <dt>{t('claim.reporter')}</dt>
            <dd>{Object.values(claim.melder).join(', ')}</dd>
          </div>
        ) : null}
      </dl>

      <HandlerSection claim={claim} />

      <section className={styles.section} aria-labelledby="verlauf">
        <h2 id="verlauf" className={styles.sectionHeadline}>
          {t('claim.historyHeadline')}
        </h2>
        <ol className={styles.list}>
          {claim.verlauf.map((entry) => (
            <li key={`${entry.status}-${entry.am}`} className={styles.item}>
              <span className={styles.itemTitle}>{entry.statusLabel}</span>
              <p className={styles.meta}>
                <time dateTime={entry.am}>{formatDate(entry.am)}</time>
              </p>
              {entry.grund ? (
                <p className={styles.body}>{t('claim.reason', { reason: entry.grund })}</p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>

      <MoveForm key={claim.status} claim={claim} notice={moveNotice} onNotice={setMoveNotice} />

      <section className={styles.section} aria-labelledby="unterlagen">
        <h2 id="unterlagen" className={styles.sectionHeadline}>
          {t('claim.documentsHeadline')}
        </h2>
        {claim.dokumenteAlle.length === 0 ? (
          <p>{t('claim.noDocuments')}</p>
        ) : (
          <ul className={styles.list}>
            {claim.dokumenteAlle.map((document) => (
              <li key={document.key} className={styles.item}>
                <span className={styles.itemTitle}>
                  {document.titel}
                  <span className={styles.badge}>
                    {document.status === 'offen' ? t('claim.documentOpen') : t('claim.documentSent')}
                  </span>
                  {document.nachgefordert ? (
                    <span className={styles.badge}>{t('claim.requested')}</span>
                  ) : null}
                </span>
                <p className={styles.meta}>{t('claim.deadline', { date: formatDate(document.frist) })}</p>
                {document.beschreibung ? <p className={styles.body}>{document.beschreibung}</p> : null}
                {document.dateien.map((file) => (
                  <DocumentDownloadButton
                    key={file.id}
                    url={file.url}
                    fileName={file.dateiname}
                    label={t('claim.download', { name: file.dateiname })}
                  />
                ))}
              </li>
            ))}
          </ul>
        )}
      </section>

      <RequestForm claim={claim} />

      <section className={styles.section} aria-labelledby="dateien">
        <h2 id="dateien" className={styles.sectionHeadline}>
          {t('claim.filesHeadline')}
        </h2>
        {claim.dateien.length === 0 ? (
          <p>{t('claim.noFiles')}</p>
        ) : (
          <div className={styles.actions}>
            {claim.dateien.map((file) => (
              <DocumentDownloadButton
                key={file.id}
                url={file.url}
                fileName={file.dateiname}
                label={t('claim.download', { name: file.dateiname })}
              />
            ))}
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby="angaben">
        <h2 id="angaben" className={styles.sectionHeadline}>
          {t('claim.answersHeadline')}
        </h2>
        <div className={styles.answers}>
          {claim.antworten.map((step) => (
            <div key={step.schritt}>
              <h3>{step.titel}</h3>
              <dl className={styles.facts}>
                {step.angaben.map((answer, index) => (
                  <div key={`${answer.label}-${index}`}>
                    <dt>{answer.label}</dt>
                    <dd className={styles.body}>{answer.wert}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="schaden-nachrichten">
        <h2 id="schaden-nachrichten" className={styles.sectionHeadline}>
          {t('claim.messagesHeadline')}
        </h2>
        {claim.nachrichten.length === 0 ? (
          <p>{t('claim.noMessages')}</p>
        ) : (
          <ul className={styles.list}>
            {claim.nachrichten.map((message) => (
              <li key={message.id} className={styles.item}>
                <span className={styles.itemTitle}>{message.subject}</span>
                <p className={styles.meta}>
                  {message.author} · <time dateTime={message.time}>{formatDate(message.time)}</time>
                </p>
                <p className={styles.body}>{message.text}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <WriteForm claim={claim} />
    </article>
  );
}

/** /innendienst/schaeden/:claimId/: the claim with everything it has, and the clerk's actions. */
export function ClerkClaimPage() {
  const { t } = useTranslation('clerk');
  const { claimId = '' } = useParams();
  const claim = useClerkClaim(claimId);
  if (claim.isPending) return <Loading label={t('claim.loading')} />;
  if (claim.isError) {
    const notFound =
      claim.error instanceof RequestError &&
      (claim.error.errorStatus === 404 || claim.error.errorStatus === 400);
    return (
      <div className={styles.page}>
        <Link to="/innendienst/">{t('claim.back')}</Link>
        {notFound ? (
          <InfoBox variant="warning">{t('claim.notFound')}</InfoBox>
        ) : (
          <EmptyState preset="error" />
        )}
      </div>
    );
  }
  return <ClaimView claim={claim.data} />;
}
