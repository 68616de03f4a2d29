// /vermittler/kunde/:partnerNummer/schaden/:claimId/ (issue 14, spec §7 'claim messages for agents'):
// one claim of a customer in the agent's scope with its state, the documents still open and the
// conversation (the design system's chat list), and the agent's reply in the rich text editor. The
// server sanitises the HTML and keeps its text; the customer reads it in the claim and the
// Postfach (with an e-mail notice), the clerk in the conversation.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate } from '@schirm/domain/format/date';
import { useDocumentTitle } from '../../lib/document-title';
import { RequestError } from '../../lib/query-client';
import { Empty, Fact, Section } from '../../ui/back-office/back-office-parts';
import layout from '../../ui/back-office/back-office.module.css';
import { Button } from '../../ui/button';
import { MessageList } from '../../ui/chat/message-list';
import { InfoBox } from '../../ui/info-box';
import { LazyRichTextEditor } from '../../ui/lazy-rich-text-editor';
import { Loading } from '../../ui/loading';
import {
  useAgentClaim,
  useAgentClaimMessages,
  useSendAgentClaimMessage,
  type AgentClaimDetail,
} from './agent-customers-api';
import { NS } from './shared';
import styles from './agent-customers.module.css';

/** Whether the editor's HTML holds any text. */
function hasText(html: string): boolean {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent.trim() !== '';
}

/** The API's German message and its message of the field `html`, if any. */
function serverMessages(error: unknown): { message?: string; html?: string } {
  if (!(error instanceof RequestError)) return {};
  const body = error.error as
    { error?: { message?: unknown; fieldErrors?: { path: string; message: string }[] } } | undefined;
  const message = typeof body?.error?.message === 'string' ? body.error.message : undefined;
  const html = body?.error?.fieldErrors?.find((field) => field.path === 'html')?.message;
  return { ...(message ? { message } : {}), ...(html ? { html } : {}) };
}

function ReplyForm({ claimId }: { claimId: string }) {
  const { t } = useTranslation(NS);
  const send = useSendAgentClaimMessage(claimId);
  const [html, setHtml] = useState('');
  // A new editor after each sent message: it starts empty.
  const [editorKey, setEditorKey] = useState(0);
  const [missing, setMissing] = useState(false);
  const [sent, setSent] = useState(false);
  const server = serverMessages(send.error);
  const fieldError = missing ? t('claim.textRequired') : server.html;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (!hasText(html)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    send.mutate(html, {
      onSuccess: () => {
        setHtml('');
        setEditorKey((key) => key + 1);
        setSent(true);
      },
    });
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="antwort-headline">
      <h3 id="antwort-headline" className={layout.sectionHeadline}>
        {t('claim.reply')}
      </h3>
      <p className={layout.muted}>{t('claim.replyHint')}</p>
      <div>
        <LazyRichTextEditor key={editorKey} label={t('claim.reply')} onChange={setHtml} />
        {fieldError ? (
          <p role="alert" className={styles.fieldError}>
            {fieldError}
          </p>
        ) : null}
      </div>
      {send.isError && !server.html ? (
        <InfoBox variant="error">
          <p>{server.message ?? t('claim.sendFailed')}</p>
        </InfoBox>
      ) : null}
      {sent ? (
        <InfoBox variant="info">
          <p role="status">{t('claim.sent')}</p>
        </InfoBox>
      ) : null}
      <div>
        <Button type="submit" isPending={send.isPending}>
          {t('claim.send')}
        </Button>
      </div>
    </form>
  );
}

function Conversation({ claim }: { claim: AgentClaimDetail }) {
  const { t } = useTranslation(NS);
  const messages = useAgentClaimMessages(claim.claimId);
  return (
    <Section id="nachrichten" headline={t('claim.messages')}>
      {messages.isPending ? <Loading label={t('claim.messagesLoading')} /> : null}
      {messages.isError ? (
        <InfoBox variant="error">
          <p>{t('claim.messagesFailed')}</p>
        </InfoBox>
      ) : null}
      {messages.isSuccess && messages.data.length === 0 ? <Empty>{t('claim.noMessages')}</Empty> : null}
      {messages.isSuccess && messages.data.length > 0 ? (
        <MessageList
          messages={messages.data}
          aria-label={t('claim.conversation', { nummer: claim.schadennummer })}
          className={styles.conversation}
        />
      ) : null}
      <ReplyForm claimId={claim.claimId} />
    </Section>
  );
}

function ClaimSections({ claim }: { claim: AgentClaimDetail }) {
  const { t } = useTranslation(NS);
  const open = claim.offeneAnforderungen.filter((document) => document.status === 'offen');
  return (
    <>
      <header className={layout.header}>
        <h1>{t('claim.title', { nummer: claim.schadennummer })}</h1>
      </header>
      <dl className={layout.facts}>
        <Fact label={t('claim.produkt')}>{claim.produktName}</Fact>
        <Fact label={t('claim.vertrag')}>{claim.vertragsnummer}</Fact>
        <Fact label={t('claim.schadentag')}>{formatDate(claim.schadentag)}</Fact>
        <Fact label={t('claim.gemeldetAm')}>{formatDate(claim.gemeldetAm)}</Fact>
        <Fact label={t('claim.status')}>{claim.statusLabel}</Fact>
      </dl>
      <Section id="unterlagen" headline={t('claim.openDocuments')}>
        {open.length === 0 ? (
          <Empty>{t('claim.noOpenDocuments')}</Empty>
        ) : (
          <ul>
            {open.map((document) => (
              <li key={document.key}>
                {t('claim.documentDue', { titel: document.titel, frist: formatDate(document.frist) })}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Conversation claim={claim} />
    </>
  );
}

/** /vermittler/kunde/:partnerNummer/schaden/:claimId/: a claim of a customer of the agent's scope. */
export function AgentClaimPage() {
  const { t } = useTranslation(NS);
  const { partnerNummer = '', claimId = '' } = useParams();
  const claim = useAgentClaim(claimId);
  useDocumentTitle(claim.data ? t('claim.title', { nummer: claim.data.schadennummer }) : t('claim.loading'));
  const missing =
    claim.error instanceof RequestError &&
    (claim.error.errorStatus === 404 || claim.error.errorStatus === 400);
  return (
    <div className={layout.page}>
      <p>
        <Link to={`/vermittler/kunde/${partnerNummer}/`}>{t('common.backToCustomer')}</Link>
      </p>
      {claim.isPending ? <Loading isBlock label={t('claim.loading')} /> : null}
      {claim.isError ? (
        <InfoBox variant="error" headline={missing ? t('common.notFoundTitle') : undefined}>
          <p>{missing ? t('claim.notFound') : t('common.loadFailed')}</p>
        </InfoBox>
      ) : null}
      {claim.isSuccess ? <ClaimSections claim={claim.data} /> : null}
    </div>
  );
}
