// /vermittler/entwuerfe/ (screen 5, issue 15): the saved advices of the agent and its sub-agents and
// the applications customers handed over, each with customer, product, last change and expiry;
// resume (the advice wizard with ?entwurf=), delete after a confirmation; the empty state says why
// it is empty. Below, new advice per product and the agent's public advice link to copy.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@schirm/domain/format/date';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { Button, ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { Modal } from '../../ui/modal';
import { BRAND_NAMES, type Brand } from '../../ui/theme/brands';
import { useAdviceLink, useAgentDrafts, useDeleteDraft, type AgentDraft } from './api';
import styles from './advice.module.css';

function DraftRow({ draft, onDelete }: { draft: AgentDraft; onDelete: (draft: AgentDraft) => void }) {
  const { t } = useTranslation('advice');
  const kunde = draft.kunde ?? t('drafts.unknownCustomer');
  const names = { kunde, produkt: draft.produktName };
  return (
    <tr>
      <th scope="row">{kunde}</th>
      <td>{draft.produktName}</td>
      <td>{formatDate(draft.geaendertAm)}</td>
      <td>{formatDate(draft.gueltigBis)}</td>
      <td>{draft.herkunft === 'UEBERGABE' ? t('drafts.originHandover') : t('drafts.originAdvice')}</td>
      <td className={styles.actions}>
        <ButtonLink
          size="s"
          variant="secondary"
          href={`/vermittler/${draft.produkt}/beratung/${draft.schritt}/?entwurf=${draft.entwurfId}`}
          aria-label={t('drafts.resumeLabel', names)}
        >
          {t('drafts.resume')}
        </ButtonLink>
        <Button
          size="s"
          variant="tertiary"
          onPress={() => onDelete(draft)}
          aria-label={t('drafts.deleteLabel', names)}
        >
          {t('drafts.delete')}
        </Button>
      </td>
    </tr>
  );
}

function AdviceLinks() {
  const { t } = useTranslation('advice');
  const link = useAdviceLink();
  const [copied, setCopied] = useState<{ produkt: string; ok: boolean } | undefined>(undefined);
  async function copy(produkt: string, url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied({ produkt, ok: true });
    } catch {
      setCopied({ produkt, ok: false });
    }
  }
  return (
    <section className={styles.section} aria-labelledby="advice-link">
      <h2 id="advice-link" className={styles.sectionHeadline}>
        {t('link.headline')}
      </h2>
      <p>{t('link.intro')}</p>
      {link.isPending ? <Loading label={t('link.loading')} /> : null}
      {link.isError ? <InfoBox variant="error">{t('link.failed')}</InfoBox> : null}
      {link.isSuccess ? (
        <ul className={styles.links}>
          {link.data.links.map((entry) => {
            const key = entry.brand ? `${entry.brand}-${entry.produkt}` : entry.produkt;
            const names = {
              produkt: entry.produktName,
              brand: entry.brand ? (BRAND_NAMES[entry.brand as Brand] ?? entry.brand) : '',
            };
            return (
              <li key={key} className={styles.link}>
                <label className={styles.linkLabel} htmlFor={`link-${key}`}>
                  {t(entry.brand ? 'link.brandLabel' : 'link.label', names)}
                </label>
                <input
                  id={`link-${key}`}
                  className={styles.linkInput}
                  readOnly
                  value={entry.url}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <Button
                  size="s"
                  variant="secondary"
                  onPress={() => void copy(key, entry.url)}
                  aria-label={t(entry.brand ? 'link.brandCopyLabel' : 'link.copyLabel', names)}
                >
                  {t('link.copy')}
                </Button>
                <span role="status" className={styles.status}>
                  {copied?.produkt === key ? (copied.ok ? t('link.copied') : t('link.copyFailed')) : ''}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

/** /vermittler/entwuerfe/. */
export function AgentDraftsPage() {
  const { t } = useTranslation('advice');
  useDocumentTitle(t('drafts.title', { brand: useBrandName() }));
  const drafts = useAgentDrafts();
  const remove = useDeleteDraft();
  const [toDelete, setToDelete] = useState<AgentDraft | undefined>(undefined);
  const [notice, setNotice] = useState<{ ok: boolean } | undefined>(undefined);
  const link = useAdviceLink();
  const names = toDelete
    ? { kunde: toDelete.kunde ?? t('drafts.unknownCustomer'), produkt: toDelete.produktName }
    : { kunde: '', produkt: '' };

  return (
    <div className={styles.page}>
      <h1 className={styles.headline}>{t('drafts.headline')}</h1>
      <p>{t('drafts.intro')}</p>
      <p role="status" className={styles.status}>
        {notice ? (notice.ok ? t('drafts.deleted') : t('drafts.deleteFailed')) : ''}
      </p>
      {drafts.isPending ? <Loading label={t('drafts.loading')} /> : null}
      {drafts.isError ? <EmptyState preset="error" description={t('drafts.failed')} /> : null}
      {drafts.isSuccess && drafts.data.length === 0 ? (
        <EmptyState
          title={t('drafts.emptyTitle')}
          description={t('drafts.emptyDescription')}
          headingLevel={2}
        />
      ) : null}
      {drafts.isSuccess && drafts.data.length > 0 ? (
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <caption className={styles.caption}>{t('drafts.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('drafts.customer')}</th>
                <th scope="col">{t('drafts.product')}</th>
                <th scope="col">{t('drafts.changed')}</th>
                <th scope="col">{t('drafts.expires')}</th>
                <th scope="col">{t('drafts.origin')}</th>
                <th scope="col">{t('drafts.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {drafts.data.map((draft) => (
                <DraftRow key={draft.entwurfId} draft={draft} onDelete={setToDelete} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Modal
        isOpen={toDelete !== undefined}
        onOpenChange={(isOpen) => (isOpen ? undefined : setToDelete(undefined))}
        title={t('drafts.deleteTitle')}
        role="alertdialog"
        confirmLabel={t('drafts.deleteConfirm')}
        cancelLabel={t('drafts.deleteCancel')}
        isConfirmPending={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.entwurfId, {
            onSettled: (_data, error) => {
              setNotice({ ok: !error });
              setToDelete(undefined);
            },
          });
        }}
      >
        <p>{t('drafts.deleteText', names)}</p>
      </Modal>

      <section className={styles.section} aria-labelledby="new-advice">
        <h2 id="new-advice" className={styles.sectionHeadline}>
          {t('drafts.newAdvice')}
        </h2>
        <p>{t('drafts.newAdviceIntro')}</p>
        {link.isSuccess ? (
          <ul className={styles.products}>
            {link.data.links
              .filter((entry) => !entry.brand)
              .map((entry) => (
                <li key={entry.produkt}>
                  <ButtonLink size="s" variant="secondary" href={`/vermittler/${entry.produkt}/beratung/`}>
                    {entry.produktName}
                  </ButtonLink>
                </li>
              ))}
          </ul>
        ) : null}
      </section>
      <AdviceLinks />
    </div>
  );
}
