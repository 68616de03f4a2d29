import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { useBrandName } from '../../lib/shell-context';
import styles from './home-page.module.css';

/** The application route segment of each product (spec §2 'Application flows'). */
const APPLICATION_SLUGS = {
  fahrrad: 'fahrrad',
  tierhalterhaftpflicht: 'tierhalterhaftpflicht',
  privathaftpflicht: 'privathaftpflicht',
  hausrat: 'hausrat',
  reise: 'reise',
  betriebshaftpflicht: 'betriebshaftpflicht',
  sachinhaltAllgefahren: 'sachinhalt',
  sachinhaltMehrgefahren: 'sachinhalt-mehrgefahren',
  vermoegensschadenhaftpflicht: 'vermoegensschadenhaftpflicht',
} as const;

/** The nine products, grouped by who buys them. */
const PRODUCT_GROUPS = [
  { key: 'private', products: ['fahrrad', 'tierhalterhaftpflicht', 'privathaftpflicht', 'hausrat', 'reise'] },
  {
    key: 'business',
    products: [
      'betriebshaftpflicht',
      'sachinhaltAllgefahren',
      'sachinhaltMehrgefahren',
      'vermoegensschadenhaftpflicht',
    ],
  },
] as const;

const PORTALS = [
  { key: 'customer', to: '/kunden/login/' },
  { key: 'agent', to: '/vermittler/login/' },
] as const;

/** Start page `/`: what Schirm offers and the way into the customer and agent portals. */
export function HomePage() {
  const { t } = useTranslation('home');
  const brandName = useBrandName();
  useDocumentTitle(t('title', { brand: brandName }));

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-headline">
        <h1 id="home-headline" className={styles.headline}>
          {t('hero.headline')}
        </h1>
        <p className={styles.lead}>{t('hero.lead', { brand: brandName })}</p>
      </section>

      <section aria-labelledby="home-portals">
        <h2 id="home-portals" className={styles.sectionHeadline}>
          {t('portals.headline')}
        </h2>
        <ul className={styles.portals}>
          {PORTALS.map(({ key, to }) => (
            <li key={key} className={styles.portal}>
              <h3 className={styles.cardTitle}>{t(`portals.${key}.title`)}</h3>
              <p className={styles.cardText}>{t(`portals.${key}.text`)}</p>
              <Link to={to} className={styles.portalLink}>
                {t(`portals.${key}.action`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-products">
        <h2 id="home-products" className={styles.sectionHeadline}>
          {t('products.headline')}
        </h2>
        <p className={styles.intro}>{t('products.intro')}</p>
        {PRODUCT_GROUPS.map(({ key, products }) => (
          <section key={key} className={styles.group} aria-labelledby={`home-products-${key}`}>
            <h3 id={`home-products-${key}`} className={styles.groupHeadline}>
              {t(`products.groups.${key}`)}
            </h3>
            <ul className={styles.products}>
              {products.map((product) => (
                <li key={product} className={styles.product}>
                  <h4 className={styles.cardTitle}>
                    <Link to={`/${APPLICATION_SLUGS[product]}/antrag/`}>{t(`products.${product}.name`)}</Link>
                  </h4>
                  <p className={styles.cardText}>{t(`products.${product}.text`)}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>

      <section aria-labelledby="home-help">
        <h2 id="home-help" className={styles.sectionHeadline}>
          {t('help.headline')}
        </h2>
        <p className={styles.intro}>{t('help.text')}</p>
        <Link to="/haeufige-fragen/">{t('help.action')}</Link>
      </section>
    </div>
  );
}
