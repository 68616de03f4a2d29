import { MAIN_CONTENT_ID, useNavigationFocus } from '../../ui/content-layout';
import styles from './embedded-layout.module.css';
import { PageOutlet } from './page-outlet';

/** Inside a host page's iframe (`?embedded=true`): only the page, no header, navigation or footer. */
export function EmbeddedLayout() {
  const mainRef = useNavigationFocus();
  return (
    <main ref={mainRef} id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
      <PageOutlet />
    </main>
  );
}
