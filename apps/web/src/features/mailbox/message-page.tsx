import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { apiErrorMessage } from '../../lib/download-document';
import { useDocumentTitle } from '../../lib/document-title';
import { RequestError } from '../../lib/query-client';
import { useBrandName } from '../../lib/shell-context';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { Modal } from '../../ui/modal';
import { MESSAGE_THEMES, useDeleteMessage, useMessage, type Message } from './api/mailbox-api';
import { AttachmentDownloads } from './message-list';
import { FOLDERS, type FolderNotice } from './postfach-page';
import styles from './mailbox.module.css';

function folderOf(message: Message) {
  return FOLDERS.find((folder) => folder.direction === message.richtung) ?? FOLDERS[0];
}

function isTheme(value: string | undefined): value is (typeof MESSAGE_THEMES)[number] {
  return MESSAGE_THEMES.some((theme) => theme === value);
}

function MessageView({ message }: { message: Message }) {
  const { t } = useTranslation('mailbox');
  useDocumentTitle(t('message.title', { subject: message.betreff, brand: useBrandName() }));
  const navigate = useNavigate();
  const remove = useDeleteMessage();
  const [confirming, setConfirming] = useState(false);
  const folder = folderOf(message);
  const isInbox = message.richtung === 'eingang';

  const confirmDelete = () =>
    remove.mutate(message.id, {
      onSuccess: () => {
        setConfirming(false);
        const state: FolderNotice = { notice: t('message.deleted') };
        void navigate(folder.path, { state });
      },
    });

  return (
    <article className={styles.page} aria-labelledby="nachricht-betreff">
      <Link to={folder.path}>{t('message.backTo', { folder: t(folder.label) })}</Link>
      <h1 id="nachricht-betreff" className={styles.headline}>
        {message.betreff}
      </h1>
      <dl className={styles.facts}>
        <div>
          <dt>{t(isInbox ? 'message.received' : 'message.sent')}</dt>
          <dd>
            <time dateTime={message.erstelldatum}>{formatDate(message.erstelldatum)}</time>
          </dd>
        </div>
        {isTheme(message.thema) ? (
          <div>
            <dt>{t('message.topic')}</dt>
            <dd>{t(`themes.${message.thema}`)}</dd>
          </div>
        ) : null}
        {message.aktenId ? (
          <div>
            <dt>{t('message.contract')}</dt>
            <dd>{message.aktenId}</dd>
          </div>
        ) : null}
      </dl>
      {/* The plain-text copy: no HTML from the server is put into the page. */}
      <p className={styles.body}>{message.nachricht}</p>
      <AttachmentDownloads messageId={message.id} attachments={message.anhaenge ?? []} />
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => setConfirming(true)}>
          {t('message.delete')}
        </Button>
      </div>
      <Modal
        isOpen={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.reset();
        }}
        title={t('message.deleteTitle')}
        role="alertdialog"
        confirmLabel={t('message.deleteConfirm')}
        onConfirm={confirmDelete}
        isConfirmPending={remove.isPending}
      >
        <p>{t('message.deleteText', { subject: message.betreff })}</p>
        {remove.isError ? (
          <p role="alert" className={styles.fieldError}>
            {apiErrorMessage(remove.error) ?? t('message.deleteFailed')}
          </p>
        ) : null}
      </Modal>
    </article>
  );
}

/** /kunden/postfach/nachricht/:id/: one message; opening an incoming one marks it read. */
export function MessagePage() {
  const { t } = useTranslation('mailbox');
  const { id = '' } = useParams();
  const message = useMessage(id);
  if (message.isPending) return <Loading label={t('message.loading')} />;
  if (message.isError) {
    // The server answers an id that is no message id at all with 400, one not of this customer with 404.
    const notFound =
      message.error instanceof RequestError &&
      (message.error.errorStatus === 404 || message.error.errorStatus === 400);
    return (
      <div className={styles.page}>
        <Link to={FOLDERS[0].path}>{t('message.back')}</Link>
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
