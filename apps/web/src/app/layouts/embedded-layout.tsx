import { EmbeddingGate } from '../../features/embedding/embedding-gate';
import { MAIN_CONTENT_ID, useNavigationFocus } from '../../ui/content-layout';
import styles from './embedded-layout.module.css';
import { PageOutlet } from './page-outlet';

/**
 * Inside a host page's iframe (`?embedded=true`): only the page, no header, navigation or footer.
 * The page shows once the partner may embed it here (issue 16); the host then sizes the frame.
 */
export function EmbeddedLayout() {
  const mainRef = useNavigationFocus();
  return (
    <main ref={mainRef} id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
      <EmbeddingGate>
        <PageOutlet />
      </EmbeddingGate>
    </main>
  );
}
