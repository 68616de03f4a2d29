import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { request } from '../../lib/api';
import { unwrapResult } from '../../lib/query-client';
import { DocumentDownloadButton } from '../../ui/document-download-button';
import { Loading } from '../../ui/loading';
import styles from './agent-admin.module.css';

/*
 * Maklerpost and GDV-Bestand on the agency page (issue 16): apps/server/src/modules/maklerpost,
 * docs/api/maklerpost.md. The agent entrance of the same feed the broker software reads.
 */

const BASE = '/api/vermittler/maklerpost';
export const GDV_BESTAND_URL = `${BASE}/gdv-bestand`;

/** The name the server gives the file: GDV_Bestand_<Vermittlernummer>_<TTMMJJJJ>.gdv. */
export function gdvFileName(vermittlerNummer: string, today: string = todayInGermany()): string {
  const [year, month, day] = today.split('-');
  return `GDV_Bestand_${vermittlerNummer}_${day}${month}${year}.gdv`;
}

function useUnreadCount() {
  return useQuery({
    queryKey: ['maklerpost', 'ungelesen'],
    queryFn: async ({ signal }) => {
      const page = unwrapResult(
        await request<{ anzahlUngelesen: number }>({
          path: `${BASE}/lieferungen?ungelesen=true&limit=1`,
          signal,
        }),
      );
      if (!page) throw new Error('GET maklerpost/lieferungen answered without a body');
      return page.anzahlUngelesen;
    },
  });
}

/** The section 'Maklerpost und GDV-Bestand': unread deliveries and the GDV file of the agency's book. */
export function MaklerpostSection({ vermittlerNummer }: { vermittlerNummer: string }) {
  const { t } = useTranslation('agent-admin');
  const unread = useUnreadCount();
  return (
    <section className={styles.section} aria-labelledby="maklerpost-headline">
      <h2 id="maklerpost-headline" className={styles.sectionHeadline}>
        {t('maklerpost.headline')}
      </h2>
      <p className={styles.hint}>{t('maklerpost.intro')}</p>
      {unread.isPending ? <Loading label={t('common.loading')} /> : null}
      {unread.isError ? <p className={styles.hint}>{t('maklerpost.loadFailed')}</p> : null}
      {unread.isSuccess ? (
        <p>
          <strong>
            {unread.data === 0 ? t('maklerpost.noneUnread') : t('maklerpost.unread', { count: unread.data })}
          </strong>
        </p>
      ) : null}
      <p className={styles.hint}>{t('maklerpost.gdvIntro')}</p>
      <DocumentDownloadButton
        url={GDV_BESTAND_URL}
        fileName={gdvFileName(vermittlerNummer)}
        label={t('maklerpost.gdvDownload')}
      />
    </section>
  );
}
