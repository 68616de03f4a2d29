import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { apiErrorMessage } from '../../lib/download-document';
import { useDocumentTitle } from '../../lib/document-title';
import { RequestError } from '../../lib/query-client';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { sanitizeHtml } from '../../ui/chat/sanitize-html';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { EmptyState } from '../../ui/empty-state';
import { Textarea } from '../../ui/forms/textarea';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import {
  agentAttachmentUrl,
  useAgentMessage,
  useAnswerAgentMessage,
  type ClerkAgentMessage,
} from './api/agent-messages-api';
import styles from './clerk.module.css';

/** The server's limit of an answer (modules/agent-admin ANSWER_MAX_LENGTH). */
const ANSWER_MAX = 10_000;

function AnswerForm({ id }: { id: string }) {
  const { t } = useTranslation('clerk');
  const answer = useAnswerAgentMessage(id);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    answer.mutate(text.trim());
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="antwort-schreiben">
      <h2 id="antwort-schreiben" className={styles.sectionHeadline}>
        {t('agentMessage.replyHeadline')}
      </h2>
      <Textarea
        label={t('agentMessage.replyLabel')}
        description={t('agentMessage.replyHint')}
        isRequired
        rows={6}
        maxLength={ANSWER_MAX}
        placeholder=""
        value={text}
        onChange={(value) => {
          setText(value);
          if (value.trim() !== '') setMissing(false);
        }}
        {...(missing ? { errorMessage: t('agentMessage.replyMissing') } : {})}
      />
      {answer.isError ? (
        <p role="alert" className={styles.error}>
          {apiErrorMessage(answer.error) ?? t('agentMessage.failed')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" isPending={answer.isPending}>
          {t('agentMessage.send')}
        </Button>
      </div>
    </form>
  );
}

function AgentMessageView({ message, justAnswered }: { message: ClerkAgentMessage; justAnswered: boolean }) {
  const { t } = useTranslation('clerk');
  useDocumentTitle(t('agentMessage.title', { subject: message.betreff, brand: useBrandName() }));
  return (
    <article className={styles.page} aria-labelledby="nachricht-betreff">
      <Link to="/innendienst/">{t('agentMessage.back')}</Link>
      <p className={styles.meta}>{t('agentMessage.kicker')}</p>
      <h1 id="nachricht-betreff" className={styles.headline}>
        {message.betreff}
      </h1>
      <dl className={styles.facts}>
        <div>
          <dt>{t('agentMessage.agent')}</dt>
          <dd>
            {message.vermittler.name}
            <br />
            {t('agentMessage.agentNumber', { number: message.vermittler.vermittlerNummer })}
          </dd>
        </div>
        <div>
          <dt>{t('agentMessage.agency')}</dt>
          <dd>{message.vermittler.agentur}</dd>
        </div>
        <div>
          <dt>{t('agentMessage.topic')}</dt>
          <dd>{message.themaLabel}</dd>
        </div>
        <div>
          <dt>{t('agentMessage.customer')}</dt>
          <dd>
            {message.partnerNummer
              ? t('agentMessage.partnerNumber', { number: message.partnerNummer })
              : t('agentMessage.noCustomer')}
          </dd>
        </div>
        <div>
          <dt>{t('agentMessage.contract')}</dt>
          <dd>{message.vertragsnummer ?? t('agentMessage.noContract')}</dd>
        </div>
        <div>
          <dt>{t('agentMessage.received')}</dt>
          <dd>
            <time dateTime={message.erstelldatum}>{formatDate(message.erstelldatum)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('agentMessage.state')}</dt>
          <dd>
            {message.beantwortetAm
              ? t('agentMessage.answeredOn', { date: formatDate(message.beantwortetAm) })
              : t('agentMessage.open')}
          </dd>
        </div>
      </dl>
      {/* Sanitised when stored, and rebuilt here from an allow-list: no markup of the agent's reaches the page as HTML. */}
      <div className={styles.body}>{sanitizeHtml(message.html).nodes}</div>
      <section className={styles.section} aria-labelledby="anhaenge">
        <h2 id="anhaenge" className={styles.sectionHeadline}>
          {t('agentMessage.attachmentsHeadline')}
        </h2>
        {message.anhaenge.length === 0 ? (
          <p>{t('agentMessage.noAttachments')}</p>
        ) : (
          <div className={styles.actions}>
            {message.anhaenge.map((file) => (
              <DocumentDownloadButton
                key={file.id}
                url={agentAttachmentUrl(message.id, file.id)}
                fileName={file.name}
                label={t('agentMessage.download', { name: file.name })}
              />
            ))}
          </div>
        )}
      </section>
      {message.antwort !== null ? (
        <section className={styles.section} aria-labelledby="antwort">
          <h2 id="antwort" className={styles.sectionHeadline}>
            {t('agentMessage.answerHeadline')}
          </h2>
          {justAnswered ? (
            <InfoBox variant="info">
              <p role="status">{t('agentMessage.sent')}</p>
            </InfoBox>
          ) : null}
          <p className={styles.meta}>
            {t('agentMessage.answeredOn', {
              date: formatDate(message.beantwortetAm ?? message.erstelldatum),
            })}
          </p>
          <p className={styles.body}>{message.antwort}</p>
        </section>
      ) : (
        <AnswerForm id={message.id} />
      )}
    </article>
  );
}

/** /innendienst/vermittler-nachrichten/:id/: an agent's message to the agent service, answered here. */
export function ClerkAgentMessagePage() {
  const { t } = useTranslation('clerk');
  const { id = '' } = useParams();
  const message = useAgentMessage(id);
  // Answered while this page was open (the form is replaced by the answer and a confirmation).
  const [openOnArrival, setOpenOnArrival] = useState<boolean | undefined>(undefined);
  if (message.isSuccess && openOnArrival === undefined) setOpenOnArrival(message.data.antwort === null);
  if (message.isPending) return <Loading label={t('agentMessage.loading')} />;
  if (message.isError) {
    const notFound =
      message.error instanceof RequestError &&
      (message.error.errorStatus === 404 || message.error.errorStatus === 400);
    return (
      <div className={styles.page}>
        <Link to="/innendienst/">{t('agentMessage.back')}</Link>
        {notFound ? (
          <InfoBox variant="warning">{t('agentMessage.notFound')}</InfoBox>
        ) : (
          <EmptyState preset="error" />
        )}
      </div>
    );
  }
  return (
    <AgentMessageView
      message={message.data}
      justAnswered={openOnArrival === true && message.data.antwort !== null}
    />
  );
}
