import { useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@schirm/domain/format/date';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { Button } from '../../ui/button';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { LazyRichTextEditor } from '../../ui/lazy-rich-text-editor';
import { Loading } from '../../ui/loading';
import {
  MESSAGE_TOPICS,
  apiFieldErrors,
  apiMessage,
  ownAttachmentUrl,
  useOwnMessages,
  useSendMessage,
  type MessageTopic,
} from './api';
import styles from './agent-admin.module.css';

/** Files per message (the server's UPLOAD_MAX_FILES default). */
export const MAX_ATTACHMENTS = 20;

/** What the attachments field reports to the form. */
export interface AttachmentsState {
  uploadIds: string[];
  isUploading: boolean;
  hasErrors: boolean;
}

/** The attachments field (features/uploads, combined in app/): uploads at once and reports its state. */
export type AttachmentsFieldComponent = ComponentType<{
  label: string;
  description: string;
  maxCount: number;
  errorMessage: string | undefined;
  onChange: (state: AttachmentsState) => void;
}>;

/** Whether the editor's HTML holds any text. */
function hasText(html: string): boolean {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent.trim() !== '';
}

function MessageForm({
  onSent,
  AttachmentsField,
}: {
  onSent: () => void;
  AttachmentsField: AttachmentsFieldComponent | undefined;
}) {
  const { t } = useTranslation('agent-admin');
  const send = useSendMessage();
  // One key per form: a double click or a retry after a lost answer stores the message once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [thema, setThema] = useState<MessageTopic | null>(null);
  const [betreff, setBetreff] = useState('');
  const [html, setHtml] = useState('');
  const [partnerNummer, setPartnerNummer] = useState('');
  const [vertragsnummer, setVertragsnummer] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attachments, setAttachments] = useState<AttachmentsState>({
    uploadIds: [],
    isUploading: false,
    hasErrors: false,
  });
  const server = apiFieldErrors(send.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!thema) found.thema = t('message.topicRequired');
    if (betreff.trim() === '') found.betreff = t('message.subjectRequired');
    if (!hasText(html)) found.html = t('message.textRequired');
    if (attachments.isUploading) found.uploadIds = t('message.attachmentsUploading');
    else if (attachments.hasErrors) found.uploadIds = t('message.attachmentsFailed');
    setErrors(found);
    if (Object.keys(found).length > 0 || !thema) return;
    send.mutate(
      {
        idempotencyKey,
        thema,
        betreff: betreff.trim(),
        html,
        partnerNummer,
        vertragsnummer,
        ...(attachments.uploadIds.length > 0 ? { uploadIds: attachments.uploadIds } : {}),
      },
      { onSuccess: onSent },
    );
  };

  return (
    <>
      {send.isError && Object.keys(server).length === 0 ? (
        <InfoBox variant="error">
          <p>{apiMessage(send.error) ?? t('common.saveFailed')}</p>
        </InfoBox>
      ) : null}
      <form className={styles.form} noValidate onSubmit={submit}>
        <Select
          label={t('message.topic')}
          options={MESSAGE_TOPICS.map((value) => ({ value, label: t(`message.topics.${value}`) }))}
          value={thema}
          onChange={(value) => setThema((value as MessageTopic | null) ?? null)}
          isRequired
          errorMessage={errors.thema ?? server.thema}
        />
        <TextInput
          label={t('message.subject')}
          value={betreff}
          onChange={setBetreff}
          maxLength={150}
          isRequired
          errorMessage={errors.betreff ?? server.betreff}
        />
        <div>
          <LazyRichTextEditor label={t('message.text')} onChange={setHtml} />
          {(errors.html ?? server.html) ? (
            <p role="alert" className={styles.hint}>
              {errors.html ?? server.html}
            </p>
          ) : null}
        </div>
        <div className={styles.row}>
          <TextInput
            label={t('message.partner')}
            description={t('message.referenceHint')}
            value={partnerNummer}
            onChange={setPartnerNummer}
            inputMode="numeric"
            maxLength={20}
            errorMessage={server.partnerNummer}
          />
          <TextInput
            label={t('message.contract')}
            description={t('message.referenceHint')}
            value={vertragsnummer}
            onChange={setVertragsnummer}
            inputMode="numeric"
            maxLength={20}
            errorMessage={server.vertragsnummer}
          />
        </div>
        {AttachmentsField ? (
          <AttachmentsField
            label={t('message.attachments')}
            description={t('message.attachmentsHint')}
            maxCount={MAX_ATTACHMENTS}
            errorMessage={errors.uploadIds ?? server.uploadIds}
            onChange={setAttachments}
          />
        ) : null}
        <div>
          <Button type="submit" isPending={send.isPending}>
            {t('message.submit')}
          </Button>
        </div>
      </form>
    </>
  );
}

function History() {
  const { t } = useTranslation('agent-admin');
  const messages = useOwnMessages();
  return (
    <section className={styles.section} aria-labelledby="history-headline">
      <h2 id="history-headline" className={styles.sectionHeadline}>
        {t('message.historyHeadline')}
      </h2>
      {messages.isPending ? <Loading label={t('common.loading')} /> : null}
      {messages.isError ? <p className={styles.hint}>{t('common.loadFailed')}</p> : null}
      {messages.isSuccess && messages.data.length === 0 ? (
        <p className={styles.hint}>{t('message.historyEmpty')}</p>
      ) : null}
      {messages.isSuccess && messages.data.length > 0 ? (
        <ul className={styles.tree}>
          {messages.data.map((message) => (
            <li key={message.id} className={styles.treeItem}>
              <div className={styles.treeMain}>
                <span className={styles.treeName}>{message.betreff}</span>
                <span className={styles.treeMeta}>
                  {message.themaLabel} · {t('message.sentOn', { date: formatDate(message.erstelldatum) })} ·{' '}
                  {message.beantwortetAm
                    ? t('message.answered', { date: formatDate(message.beantwortetAm) })
                    : t('message.open')}
                </span>
                {message.anhaenge.length > 0 ? (
                  <span className={styles.attachments}>
                    {message.anhaenge.map((file) => (
                      <DocumentDownloadButton
                        key={file.id}
                        url={ownAttachmentUrl(message.id, file.id)}
                        fileName={file.name}
                        label={t('message.download', { name: file.name })}
                      />
                    ))}
                  </span>
                ) : null}
                {message.antwort ? (
                  <span className={styles.answer}>
                    {t('message.answer')}: {message.antwort}
                  </span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** /vermittler-nachricht/: a message to the insurer's agent service, answered by e-mail. */
export function AgentMessagePage({
  AttachmentsField,
}: {
  /** The attachments field; without it the form has no attachments. */
  AttachmentsField?: AttachmentsFieldComponent;
} = {}) {
  const { t } = useTranslation('agent-admin');
  useDocumentTitle(t('message.title', { brand: useBrandName() }));
  const [sent, setSent] = useState(0);
  const [showForm, setShowForm] = useState(true);
  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('message.headline')}</h1>
      <p>{t('message.intro')}</p>
      {showForm ? (
        <MessageForm
          key={sent}
          AttachmentsField={AttachmentsField}
          onSent={() => {
            setShowForm(false);
            setSent((count) => count + 1);
          }}
        />
      ) : (
        <InfoBox headline={t('message.sentHeadline')}>
          <p>{t('message.sent')}</p>
          <Button variant="secondary" onPress={() => setShowForm(true)}>
            {t('message.another')}
          </Button>
        </InfoBox>
      )}
      <History />
    </div>
  );
}
