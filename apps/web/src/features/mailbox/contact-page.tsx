import { useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../lib/download-document';
import { useDocumentTitle } from '../../lib/document-title';
import { useFlagWithoutSdk } from '../../lib/flag-without-sdk';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useBrandName } from '../../lib/shell-context';
import { Button, buttonClassName } from '../../ui/button';
import { Select } from '../../ui/forms/select';
import { TextInput } from '../../ui/forms/text-input';
import { InfoBox } from '../../ui/info-box';
import { LazyRichTextEditor } from '../../ui/lazy-rich-text-editor';
import { MESSAGE_THEMES, useSendMessage, type MessageTheme, type NewMessage } from './api/mailbox-api';
import { FOLDERS } from './postfach-page';
import styles from './mailbox.module.css';

/** The contract select's choice for a message about no particular contract. */
const NO_CONTRACT = 'kein-vertrag';
export const SUBJECT_MAX_LENGTH = 120;
export const HTML_MAX_LENGTH = 20_000;
/** Attachments of one message: the server's default UPLOAD_MAX_FILES. */
export const MAX_ATTACHMENTS = 20;

/** The editor's HTML without tags and entities: what the person actually wrote. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
}

/** A contract the message may be about (app/ feeds the customer's contracts in). */
export interface ContractChoice {
  versicherungsNummer: string;
  versicherungsName: string;
}

/** What the attachments field reports to the form. */
export interface AttachmentsState {
  /** Ids of the finished uploads. */
  uploadIds: string[];
  isUploading: boolean;
  hasErrors: boolean;
}

/** The attachments field (features/uploads, combined in app/): uploads at once and reports its state. */
export type AttachmentsFieldComponent = ComponentType<{
  label: string;
  maxCount: number;
  errorMessage: string | undefined;
  onChange: (state: AttachmentsState) => void;
}>;

export interface ContactMessagePageProps {
  /** The customer's contracts; empty without any. */
  contracts: readonly ContractChoice[];
  /** The attachments field; without it the form has no attachments. */
  AttachmentsField?: AttachmentsFieldComponent;
  /** While the contracts are still loading. */
  contractsPending?: boolean;
}

interface FormErrors {
  thema?: string;
  betreff?: string;
  html?: string;
}

function ContactForm({
  contracts,
  contractsPending,
  AttachmentsField,
  onSent,
}: ContactMessagePageProps & { onSent: () => void }) {
  const { t } = useTranslation('mailbox');
  const send = useSendMessage();
  // One key per form: pressing again after a failed answer sends this message once, not twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [thema, setThema] = useState<MessageTheme | null>(null);
  // A contract's details page links here with ?vertrag=<nr>: that contract is chosen once it is listed.
  const linkedContract = useSearchParams()[0].get('vertrag');
  const [chosenContract, setContract] = useState<string | null>(null);
  const contract =
    chosenContract ??
    (contracts.some((item) => item.versicherungsNummer === linkedContract) && linkedContract
      ? linkedContract
      : NO_CONTRACT);
  const [betreff, setBetreff] = useState('');
  const [html, setHtml] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  // Attachments upload as soon as they are chosen; the message sends their ids (ADR 0025).
  const [attachments, setAttachments] = useState<AttachmentsState>({
    uploadIds: [],
    isUploading: false,
    hasErrors: false,
  });
  const [attachmentError, setAttachmentError] = useState<string | undefined>(undefined);

  const validate = (): FormErrors => {
    const found: FormErrors = {};
    if (!thema) found.thema = t('contact.topicRequired');
    const subject = betreff.trim();
    if (!subject) found.betreff = t('contact.subjectRequired');
    else if (subject.length > SUBJECT_MAX_LENGTH) found.betreff = t('contact.subjectTooLong');
    if (!visibleText(html)) found.html = t('contact.textRequired');
    else if (html.length > HTML_MAX_LENGTH) found.html = t('contact.textTooLong');
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = validate();
    setErrors(found);
    const pendingAttachments = attachments.isUploading
      ? t('contact.attachmentsUploading')
      : attachments.hasErrors
        ? t('contact.attachmentsFailed')
        : undefined;
    setAttachmentError(pendingAttachments);
    if (Object.keys(found).length > 0 || !thema || pendingAttachments) return;
    const message: NewMessage = {
      thema,
      betreff: betreff.trim(),
      html,
      ...(contract === NO_CONTRACT ? {} : { versicherungsNummer: contract }),
      ...(attachments.uploadIds.length > 0 ? { uploadIds: attachments.uploadIds } : {}),
    };
    send.mutate({ message, idempotencyKey }, { onSuccess: onSent });
  };

  const contractOptions = [
    { value: NO_CONTRACT, label: t('contact.noContract') },
    ...contracts.map((item) => ({
      value: item.versicherungsNummer,
      label: `${item.versicherungsName} (${item.versicherungsNummer})`,
    })),
  ];

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <Select
        label={t('contact.topic')}
        isRequired
        options={MESSAGE_THEMES.map((theme) => ({ value: theme, label: t(`themes.${theme}`) }))}
        value={thema}
        onChange={(value) => setThema(MESSAGE_THEMES.find((theme) => theme === value) ?? null)}
        errorMessage={errors.thema}
      />
      <Select
        label={t('contact.contract')}
        options={contractOptions}
        value={contract}
        onChange={(value) => setContract(value ?? NO_CONTRACT)}
        description={contractsPending ? t('contact.contractsLoading') : undefined}
      />
      <TextInput
        label={t('contact.subject')}
        isRequired
        value={betreff}
        onChange={setBetreff}
        maxLength={SUBJECT_MAX_LENGTH}
        errorMessage={errors.betreff}
      />
      <div>
        <LazyRichTextEditor label={t('contact.text')} onChange={setHtml} />
        {errors.html ? (
          <p className={styles.fieldError} role="alert">
            {errors.html}
          </p>
        ) : null}
      </div>
      {AttachmentsField ? (
        <AttachmentsField
          label={t('contact.attachments')}
          maxCount={MAX_ATTACHMENTS}
          errorMessage={attachmentError}
          onChange={setAttachments}
        />
      ) : null}
      {send.isError ? (
        <InfoBox variant="error">{apiErrorMessage(send.error) ?? t('contact.failed')}</InfoBox>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" isPending={send.isPending}>
          {t('contact.send')}
        </Button>
        {send.isPending ? <span role="status">{t('contact.sending')}</span> : null}
      </div>
    </form>
  );
}

/** /kunden/kontakt/nachricht/ (spec §2): a message to the insurer with topic, contract and rich text. */
export function ContactMessagePage({
  contracts,
  contractsPending = false,
  AttachmentsField,
}: ContactMessagePageProps) {
  const { t } = useTranslation('mailbox');
  useDocumentTitle(t('contact.title', { brand: useBrandName() }));
  const [sent, setSent] = useState(0);
  const [showConfirmation, setShowConfirmation] = useState(false);
  // The feedback page (flag 'feedback', features/feedback) asks how the contact went.
  const isFeedbackOn = useFlagWithoutSdk('feedback');

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('contact.headline')}</h1>
      {showConfirmation ? (
        <>
          <InfoBox headline={t('contact.successTitle')}>{t('contact.successText')}</InfoBox>
          <div className={styles.actions}>
            <Link to={FOLDERS[1].path} className={buttonClassName()}>
              {t('contact.toSent')}
            </Link>
            <Button
              variant="secondary"
              onPress={() => {
                // A new key gives a fresh, empty form.
                setSent(sent + 1);
                setShowConfirmation(false);
              }}
            >
              {t('contact.another')}
            </Button>
          </div>
          {isFeedbackOn ? (
            <p>
              <Link to="/feedback/nachricht/">{t('contact.feedback')}</Link>
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p>{t('contact.intro')}</p>
          <ContactForm
            key={sent}
            contracts={contracts}
            contractsPending={contractsPending}
            {...(AttachmentsField ? { AttachmentsField } : {})}
            onSent={() => setShowConfirmation(true)}
          />
        </>
      )}
    </div>
  );
}
