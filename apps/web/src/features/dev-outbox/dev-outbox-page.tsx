import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '@schirm/domain/format/date';
import { useDocumentTitle } from '../../lib/document-title';
import { RequestError } from '../../lib/query-client';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { useOutbox, type OutboxMessage } from './get-outbox';
import { codeOf, splitLinks } from './message-parts';
import styles from './dev-outbox-page.module.css';

function MessageBody({ body }: { body: string }) {
  return (
    <p className={styles.body}>
      {splitLinks(body).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href}>
            {part.href}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function MessageCard({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('dev-outbox');
  const code = codeOf(message.body);
  return (
    <li className={styles.message}>
      <article aria-label={t('message.label', { channel: t(`channel.${message.channel}`), to: message.to })}>
        <p className={styles.meta}>
          <span className={styles.channel}>{t(`channel.${message.channel}`)}</span>
          <span>{t('message.to', { to: message.to })}</span>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </p>
        {message.subject ? <h2 className={styles.subject}>{message.subject}</h2> : null}
        {code ? (
          <p className={styles.code}>
            {t('message.code')} <strong data-testid="outbox-code">{code}</strong>
          </p>
        ) : null}
        {message.body ? (
          <MessageBody body={message.body} />
        ) : (
          <p className={styles.body}>{t('message.withheld')}</p>
        )}
        {message.anhang ? (
          <p className={styles.attachment}>
            {t('message.attachment')}{' '}
            <a href={message.anhang.url} download>
              {message.anhang.name}
            </a>
          </p>
        ) : null}
      </article>
    </li>
  );
}

/**
 * /entwicklung/postausgang (localhost only): the SMS and e-mails the server would have sent, so a
 * person trying the demo can read TANs and follow links. The API answers 404 elsewhere.
 */
export function DevOutboxPage() {
  const { t } = useTranslation('dev-outbox');
  useDocumentTitle(t('title'));
  const [searchParams] = useSearchParams();
  const [filterText, setFilterText] = useState(() => searchParams.get('an') ?? '');
  const [recipient, setRecipient] = useState(filterText);
  const outbox = useOutbox(recipient);
  const isUnavailable = outbox.error instanceof RequestError && outbox.error.errorStatus === 404;

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('headline')}</h1>
      <p>{t('intro')}</p>
      <form
        className={styles.filter}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setRecipient(filterText);
        }}
      >
        <TextInput
          label={t('filter.label')}
          description={t('filter.hint')}
          value={filterText}
          onChange={setFilterText}
        />
        <div className={styles.filterActions}>
          <Button type="submit" variant="secondary">
            {t('filter.submit')}
          </Button>
          <Button variant="tertiary" onPress={() => void outbox.refetch()} isPending={outbox.isFetching}>
            {t('refresh')}
          </Button>
        </div>
      </form>
      {outbox.isPending ? <Loading label={t('loading')} /> : null}
      {isUnavailable ? <InfoBox variant="warning" headline={t('unavailable')} /> : null}
      {outbox.isError && !isUnavailable ? <EmptyState preset="error" /> : null}
      {outbox.isSuccess && outbox.data.length === 0 ? <EmptyState title={t('empty')} /> : null}
      {outbox.isSuccess && outbox.data.length > 0 ? (
        <ol className={styles.list} aria-label={t('listLabel')}>
          {outbox.data.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </ol>
      ) : null}
    </div>
  );
}
