import { useDocumentTitle } from '../../lib/document-title';
import { ErrorScreen } from '../../ui/error-screen';
import styles from './embedding.module.css';

/** The page's own address outside the frame: without the embedding's partner (brand and broker stay). */
export function directAddress(location: Pick<Location, 'origin' | 'pathname' | 'search'>): string {
  const params = new URLSearchParams(location.search);
  params.delete('embedded');
  params.delete('partner');
  // Switches embedded mode off even where the new tab would inherit this tab's session.
  params.set('embedded', 'false');
  return `${location.origin}${location.pathname}?${params.toString()}`;
}

function DirectLink() {
  return (
    <p className={styles.links}>
      <a href={directAddress(window.location)} target="_blank" rel="noopener noreferrer">
        Angebot direkt bei Schirm öffnen (öffnet ein neues Fenster)
      </a>
    </p>
  );
}

/** Shown inside the frame when this page may not be embedded here (issue 16); nothing is sent. */
export function NotEmbeddablePage() {
  useDocumentTitle('Diese Seite kann hier nicht eingebettet werden');
  return (
    <div className={styles.page}>
      <ErrorScreen
        headline="Diese Seite kann hier nicht eingebettet werden."
        subline="Die Website, auf der Sie gerade sind, darf diese Seite von Schirm nicht anzeigen."
        explanation="Ihre Daten wurden nicht übertragen. Öffnen Sie das Angebot bitte direkt bei uns – dort können Sie es wie gewohnt abschließen."
      />
      <DirectLink />
    </div>
  );
}

/** Shown inside the frame when the check could not be made (network, server). */
export function EmbeddingCheckFailedPage() {
  useDocumentTitle('Die Seite konnte nicht geladen werden');
  return (
    <div className={styles.page}>
      <ErrorScreen
        headline="Die Seite konnte nicht geladen werden."
        subline="Die Verbindung zu unserem Server ist gerade gestört."
        explanation="Bitte laden Sie die Seite in einigen Minuten neu, oder öffnen Sie das Angebot direkt bei uns."
        action={{ label: 'Seite neu laden', onClick: () => window.location.reload() }}
      />
      <DirectLink />
    </div>
  );
}
