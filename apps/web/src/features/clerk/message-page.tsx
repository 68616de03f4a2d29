import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { apiErrorMessage } from '../../lib/download-document';
import { useDocumentTitle } from '../../lib/document-title';
import { RequestError } from '../../lib/query-client';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Textarea } from '../../ui/forms/textarea';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { useIncomingMessage, useReply, type IncomingMessageDetail } from './api/clerk-api';
import styles from './clerk.module.css';

const REPLY_MAX = 10_000;

function ReplyForm({ id, answersShown }: { id: string; answersShown: number }) {
  const { t } = useTranslation('clerk');
  const reply = useReply(id);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [sent, setSent] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSent(false);
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    reply.mutate(
      { text, bisherigeAntworten: answersShown },
      {
        onSuccess: () => {
          setText('');
          setSent(true);
        },
      },
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="antwort-schreiben">
      <h2 id="antwort-schreiben" className={styles.sectionHeadline}>
        {t('message.replyHeadline')}
      </h2>
      {sent ? (
        <InfoBox variant="info">
          <p role="status">{t('message.sent')}</p>
        </InfoBox>
      ) : null}
      <Textarea
        label={t('message.replyLabel')}
        description={t('message.replyHint')}
        isRequired
        rows={6}
        maxLength={REPLY_MAX}
        placeholder=""
        value={text}
        onChange={(value) => {
          setText(value);
          if (value.trim() !== '') setMissing(false);
        }}
        {...(missing ? { errorMessage: t('message.replyMissing') } : {})}
      />
      {reply.isError ? (
        <p role="alert" className={styles.error}>
          {apiErrorMessage(reply.error) ?? t('message.failed')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" isPending={reply.isPending}>
          {t('message.send')}
        </Button>
      </div>
    </form>
  );
}

function MessageView({ message }: { message: IncomingMessageDetail }) {
  const { t } = useTranslation('clerk');
  useDocumentTitle(t('message.title', { subject: message.betreff, brand: useBrandName() }));
  return (
    <article className={styles.page} aria-labelledby="nachricht-betreff">
      <Link to="/innendienst/">{t('message.back')}</Link>
      <h1 id="nachricht-betreff" className={styles.headline}>
        {message.betreff}
      </h1>
      <dl className={styles.facts}>
        <div>
          <dt>{t('message.customer')}</dt>
          <dd>
            {message.kunde.name}
            <br />
            {t('message.partnerNumber', { number: message.kunde.partnerNummer })}
          </dd>
        </div>
        <div>
          <dt>{t('message.contract')}</dt>
          <dd>{message.vertrag ? message.vertrag.versicherungsNummer : t('message.noContract')}</dd>
        </div>
        {message.themaLabel ? (
          <div>
            <dt>{t('message.topic')}</dt>
            <dd>{message.themaLabel}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('message.received')}</dt>
          <dd>
            <time dateTime={message.erstelldatum}>{formatDate(message.erstelldatum)}</time>
          </dd>
        </div>
      </dl>
      {/* The plain-text copy: no HTML a customer wrote is put into the page. */}
      <p className={styles.body}>{message.text}</p>
      {message.antworten.length > 0 ? (
        <section className={styles.section} aria-labelledby="antworten">
          <h2 id="antworten" className={styles.sectionHeadline}>
            {t('message.answersHeadline')}
          </h2>
          <ul className={styles.list}>
            {message.antworten.map((answer) => (
              <li key={answer.id} className={styles.item}>
                <span className={styles.itemTitle}>{answer.betreff}</span>
                <p className={styles.meta}>
                  {t('message.answeredBy', {
                    name: answer.sachbearbeiter,
                    date: formatDate(answer.erstelldatum),
                  })}{' '}
                  · {answer.gelesen ? t('message.readByCustomer') : t('message.unreadByCustomer')}
                </p>
                <p className={styles.body}>{answer.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ReplyForm id={message.id} answersShown={message.antworten.length} />
    </article>
  );
}

/** /innendienst/nachrichten/:id/: a customer's message with customer and contract, answered here. */
export function ClerkMessagePage() {
  const { t } = useTranslation('clerk');
  const { id = '' } = useParams();
  const message = useIncomingMessage(id);
  if (message.isPending) return <Loading label={t('message.loading')} />;
  if (message.isError) {
    const notFound =
      message.error instanceof RequestError &&
      (message.error.errorStatus === 404 || message.error.errorStatus === 400);
    return (
      <div className={styles.page}>
        <Link to="/innendienst/">{t('message.back')}</Link>
        {notFound ? (
          <InfoBox variant="warning">{t('message.notFound')}</InfoBox>
        ) : (
          <EmptyState preset="error" />
        )}
      </div>
    );
  }
  return <MessageView message={message.data} />;
}
