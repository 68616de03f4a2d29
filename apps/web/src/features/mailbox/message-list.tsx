import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { apiErrorMessage, useDownloadDocument } from '../../lib/download-document';
import { Button } from '../../ui/button';
import {
  attachmentFileName,
  attachmentUrl,
  type MessageAttachment,
  type MessageListItem,
} from './api/mailbox-api';
import styles from './mailbox.module.css';

/** The page of one message (detail URL). */
export function messagePath(id: string): string {
  return `/kunden/postfach/nachricht/${encodeURIComponent(id)}/`;
}

/**
 * A message's attachments as download buttons: the file needs the bearer token, so it is fetched
 * and saved by the download helper instead of a plain link.
 */
export function AttachmentDownloads({
  attachments,
}: {
  /** The message the attachments belong to (the server checks it owns them). */
  messageId: string;
  attachments: readonly MessageAttachment[];
}) {
  const { t } = useTranslation('mailbox');
  const download = useDownloadDocument();
  if (attachments.length === 0) return null;
  return (
    <>
      <ul className={styles.attachments} aria-label={t('postfach.attachments')}>
        {attachments.map((attachment) => (
          <li key={attachment.id}>
            <Button
              variant="tertiary"
              size="s"
              aria-label={t('postfach.download', { name: attachment.name })}
              isPending={
                download.isPending && download.variables?.fileName === attachmentFileName(attachment.name)
              }
              onPress={() =>
                download.mutate({
                  url: attachmentUrl(attachment.id),
                  fileName: attachmentFileName(attachment.name),
                })
              }
            >
              {attachment.name}
            </Button>
          </li>
        ))}
      </ul>
      {download.isError ? (
        <p role="alert" className={styles.fieldError}>
          {apiErrorMessage(download.error) ?? t('postfach.downloadFailed')}
        </p>
      ) : null}
    </>
  );
}

/** One message of a folder: subject (bold and 'ungelesen' while unread), date, preview, attachments. */
function MessageItem({ message }: { message: MessageListItem }) {
  const { t } = useTranslation('mailbox');
  const headlineId = `nachricht-${message.id}`;
  const unread = message.richtung === 'eingang' && !message.gelesen;
  return (
    <li className={`${styles.item} ${unread ? styles.unread : ''}`} aria-labelledby={headlineId}>
      <h2 id={headlineId} className={styles.subject}>
        <Link to={messagePath(message.id)}>
          {message.betreff}
          {unread ? <span className="visually-hidden"> ({t('postfach.unread')})</span> : null}
        </Link>
      </h2>
      <p className={styles.meta}>
        <span className="visually-hidden">{t('postfach.date')}: </span>
        <time dateTime={message.erstelldatum}>{formatDate(message.erstelldatum)}</time>
      </p>
      {message.nachricht ? <p className={styles.preview}>{message.nachricht}</p> : null}
      <AttachmentDownloads messageId={message.id} attachments={message.anhaenge ?? []} />
    </li>
  );
}

export function MessageList({ messages }: { messages: readonly MessageListItem[] }) {
  return (
    <ul className={styles.list}>
      {messages.map((message) => (
        <MessageItem key={message.id} message={message} />
      ))}
    </ul>
  );
}
