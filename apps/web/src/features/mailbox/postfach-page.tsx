import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import { buttonClassName } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { Pagination } from '../../ui/pagination';
import { useMessages, type MessageDirection } from './api/mailbox-api';
import { MessageList } from './message-list';
import styles from './mailbox.module.css';

export const CONTACT_PATH = '/kunden/kontakt/nachricht/';

/** The folders' own URLs: 'Gesendet' lists the API's 'ausgang'. */
export const FOLDERS = [
  { direction: 'eingang', path: '/kunden/postfach/eingang/', label: 'postfach.eingang' },
  { direction: 'ausgang', path: '/kunden/postfach/gesendet/', label: 'postfach.gesendet' },
] as const satisfies readonly { direction: MessageDirection; path: string; label: string }[];

/** What a message page hands the folder it returns to (e.g. after deleting). */
export interface FolderNotice {
  notice?: string;
}

function FolderTabs({ current }: { current: MessageDirection }) {
  const { t } = useTranslation('mailbox');
  return (
    <nav aria-label={t('postfach.tabs')} className={styles.tabs}>
      <ul>
        {FOLDERS.map((folder) => (
          <li key={folder.direction}>
            <Link
              to={folder.path}
              className={styles.tab}
              aria-current={folder.direction === current ? 'page' : undefined}
            >
              {t(folder.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The page in the URL (?seite=2); anything else is page 1. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('seite') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next <= 1) updated.delete('seite');
          else updated.set('seite', String(next));
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [page, setPage];
}

function Folder({ direction }: { direction: MessageDirection }) {
  const { t } = useTranslation('mailbox');
  useDocumentTitle(t('postfach.title', { brand: useBrandName() }));
  const notice = (useLocation().state as FolderNotice | null)?.notice;
  const [page, setPage] = usePageParam();
  const messages = useMessages(direction, page);
  const data = messages.data;
  const pages = data ? Math.max(1, Math.ceil(data.gesamt / Math.max(1, data.proSeite))) : 1;
  const isInbox = direction === 'eingang';
  const answeredPage = data && !messages.isPlaceholderData ? data.seite : undefined;

  // The server answers page 1 for a page above the total (spec §4): the URL follows it.
  useEffect(() => {
    if (answeredPage !== undefined && answeredPage !== page) setPage(answeredPage);
  }, [answeredPage, page, setPage]);

  return (
    <div className={styles.page}>
      <div className={styles.headlineRow}>
        <h1 className={styles.headline}>{t('postfach.headline')}</h1>
        <Link to={CONTACT_PATH} className={buttonClassName({ variant: 'secondary' })}>
          {t('postfach.write')}
        </Link>
      </div>
      <FolderTabs current={direction} />
      {notice ? <InfoBox>{notice}</InfoBox> : null}
      {messages.isPending ? <Loading label={t('postfach.loading')} /> : null}
      {messages.isError ? <EmptyState preset="error" /> : null}
      {data && data.nachrichten.length === 0 ? (
        <EmptyState
          preset="noMessages"
          title={t(isInbox ? 'postfach.emptyEingangTitle' : 'postfach.emptyGesendetTitle')}
          description={t(isInbox ? 'postfach.emptyEingang' : 'postfach.emptyGesendet')}
          action={
            isInbox ? undefined : (
              <Link to={CONTACT_PATH} className={buttonClassName()}>
                {t('postfach.write')}
              </Link>
            )
          }
        />
      ) : null}
      {data && data.nachrichten.length > 0 ? (
        <>
          <MessageList messages={data.nachrichten} />
          {pages > 1 ? (
            <Pagination
              page={data.seite}
              total={pages}
              onPageChange={setPage}
              aria-label={t('postfach.pagination')}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** /kunden/postfach/eingang/ (spec §2): the messages from the insurer. */
export function PostfachEingangPage() {
  return <Folder direction="eingang" />;
}

/** /kunden/postfach/gesendet/ (spec §2): the messages the customer wrote. */
export function PostfachGesendetPage() {
  return <Folder direction="ausgang" />;
}
