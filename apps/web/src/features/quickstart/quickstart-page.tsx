import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EMBED_COMMAND_TIMEOUT_MS } from '@schirm/embed/protocol';
import { useDocumentTitle } from '../../lib/document-title';
import { EMBED_PRODUCTS } from '../../lib/embed-options';
import { useBrandName } from '../../lib/shell-context';
import { Configurator } from './configurator';
import { COMMAND_REFERENCE } from './snippets';
import styles from './quickstart.module.css';

const SECTIONS = ['offer', 'key', 'configurator', 'commands', 'security', 'token', 'sdk'] as const;

const TOKEN_EXAMPLE = `// Auf Ihrem Server (Node.js), nie im Browser:
const antwort = await fetch(\`\${PORTAL}/api/einbettung/token\`, {
  method: 'POST',
  headers: {
    authorization: 'Basic ' + Buffer.from(\`\${PARTNERSCHLUESSEL}:\${SECRET}\`).toString('base64'),
    'content-type': 'application/json',
  },
  body: JSON.stringify({ partnernummer: angemeldeterKunde.partnernummer }),
});
const { token, expiresIn } = await antwort.json(); // an getAuthToken Ihrer Seite weitergeben`;

function Section({ id, children }: { id: (typeof SECTIONS)[number]; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-titel`} className={styles.section}>
      {children}
    </section>
  );
}

function Commands() {
  const { t } = useTranslation('quickstart');
  return (
    <>
      <p>{t('commands.intro')}</p>
      <p>
        {t('commands.timeout', { seconds: EMBED_COMMAND_TIMEOUT_MS / 1000 })}{' '}
        <code>Timeout exceeded for command X</code> {t('commands.timeoutAfter')}
      </p>
      <ul className={styles.commands}>
        {COMMAND_REFERENCE.map((command) => (
          <li key={command.name} className={styles.command}>
            <h3 className={styles.commandName}>
              <code>{command.name}</code>
            </h3>
            <p>{t(`commands.descriptions.${command.name}`)}</p>
            <dl className={styles.facts}>
              <div>
                <dt>{t('commands.direction')}</dt>
                <dd>{t(`commands.directions.${command.direction}`)}</dd>
              </div>
              <div>
                <dt>{t('commands.payload')}</dt>
                <dd>
                  <code>{command.payload}</code>
                </dd>
              </div>
              <div>
                <dt>{t('commands.answer')}</dt>
                <dd>
                  <code>{command.answer}</code>
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** /quickstart/: the page a partner's developer reads first (issue 16, spec §2). */
export function QuickstartPage() {
  const { t } = useTranslation('quickstart');
  const brand = useBrandName();
  useDocumentTitle(t('title', { brand }));
  const portalOrigin = window.location.origin;
  return (
    <article className={styles.page} aria-labelledby="quickstart-titel">
      <h1 id="quickstart-titel" className={styles.headline}>
        {t('headline')}
      </h1>
      <p className={styles.lead}>{t('intro', { brand })}</p>
      <nav aria-label={t('toc.label')} className={styles.toc}>
        <ol>
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{t(`toc.${id}`)}</a>
            </li>
          ))}
        </ol>
      </nav>

      <Section id="offer">
        <h2 id="offer-titel">{t('offer.headline')}</h2>
        <h3 className={styles.subHeadline}>{t('offer.application')}</h3>
        <p>{t('offer.applicationText')}</p>
        <ul className={styles.products}>
          {EMBED_PRODUCTS.map((product) => (
            <li key={product.slug}>
              {product.name} <code>{product.slug}</code>
            </li>
          ))}
        </ul>
        <h3 className={styles.subHeadline}>{t('offer.advice')}</h3>
        <p>{t('offer.adviceText')}</p>
        <h3 className={styles.subHeadline}>{t('offer.customerArea')}</h3>
        <p>{t('offer.customerAreaText')}</p>
      </Section>

      <Section id="key">
        <h2 id="key-titel">{t('key.headline')}</h2>
        <ol className={styles.steps}>
          <li>{t('key.step1')}</li>
          <li>{t('key.step2')}</li>
          <li>{t('key.step3')}</li>
        </ol>
        <p>{t('key.changes')}</p>
      </Section>

      <Section id="configurator">
        <h2 id="configurator-titel">{t('configurator.headline')}</h2>
        <p>{t('configurator.intro')}</p>
        <Configurator portalOrigin={portalOrigin} />
      </Section>

      <Section id="commands">
        <h2 id="commands-titel">{t('commands.headline')}</h2>
        <Commands />
      </Section>

      <Section id="security">
        <h2 id="security-titel">{t('security.headline')}</h2>
        <ul className={styles.steps}>
          <li>{t('security.origins')}</li>
          <li>{t('security.messages')}</li>
          <li>{t('security.contracts')}</li>
          <li>{t('security.secret')}</li>
        </ul>
      </Section>

      <Section id="token">
        <h2 id="token-titel">{t('token.headline')}</h2>
        <p>{t('token.intro')}</p>
        <ol className={styles.steps}>
          <li>{t('token.step1')}</li>
          <li>{t('token.step2')}</li>
          <li>{t('token.step3')}</li>
        </ol>
        <pre className={styles.pre}>
          <code>{TOKEN_EXAMPLE}</code>
        </pre>
        <p>
          {t('token.docs')} <a href="/api/docs">{t('sdk.docs')}</a>
        </p>
      </Section>

      <Section id="sdk">
        <h2 id="sdk-titel">{t('sdk.headline')}</h2>
        <p>{t('sdk.intro')}</p>
        <ul className={styles.steps}>
          <li>
            {t('sdk.script')}:{' '}
            <a href="/embed/v1/schirm-embed.js">{`${portalOrigin}/embed/v1/schirm-embed.js`}</a>
          </li>
          <li>
            {t('sdk.module')}:{' '}
            <a href="/embed/v1/schirm-embed.mjs">{`${portalOrigin}/embed/v1/schirm-embed.mjs`}</a>
          </li>
          <li>
            <a href="/api/docs">{t('sdk.docs')}</a>
          </li>
        </ul>
        <p>{t('sdk.demo')}</p>
      </Section>
    </article>
  );
}
