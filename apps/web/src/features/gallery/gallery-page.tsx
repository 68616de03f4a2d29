import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomNav } from '../../ui/bottom-nav';
import { AppHeader } from '../../ui/app-header';
import { Button, ButtonLink } from '../../ui/button';
import type { ChatMessage } from '../../ui/chat/chat-message';
import { MessageInput } from '../../ui/chat/message-input';
import { MessageList } from '../../ui/chat/message-list';
import { EMPTY_STATE_PRESETS, EmptyState } from '../../ui/empty-state';
import { ErrorScreen } from '../../ui/error-screen';
import { FeatureList } from '../../ui/feature-list';
import { InfoBox } from '../../ui/info-box';
import { LazyRichTextEditor } from '../../ui/lazy-rich-text-editor';
import { Loading } from '../../ui/loading';
import { Modal } from '../../ui/modal';
import { Cents, Money } from '../../ui/money';
import { Pagination } from '../../ui/pagination';
import { PriceDisplay } from '../../ui/price-display';
import { ProductComparison } from '../../ui/product-comparison';
import { SidebarNav, type NavItem } from '../../ui/sidebar-nav';
import { SlideOut } from '../../ui/slide-out';
import { Spinner } from '../../ui/spinner';
import { BRAND_NAMES, BRANDS, applyBrand, parseBrand, type Brand } from '../../ui/theme/brands';
import { TOAST_STATES, ToastProvider, useToast } from '../../ui/toast';
import { VariantOptions } from '../../ui/variant-options';
import { SAMPLE_FEATURES, SAMPLE_MESSAGES, SAMPLE_VARIANTS } from './gallery-samples';
import InputsSection from './inputs-section';
import styles from './gallery-page.module.css';

/** Living gallery at /entwicklung/komponenten: every shared part in its states, per brand. */
export default function GalleryPage() {
  const { t } = useTranslation('gallery');
  // The shell applied ?brand= (or the session's brand) to <html data-brand> before the first paint.
  const [brand, setBrand] = useState<Brand>(() => parseBrand(document.documentElement.dataset.brand));
  const chooseBrand = (next: Brand) => {
    applyBrand(next);
    setBrand(next);
  };
  return (
    <ToastProvider>
      <div className={styles.page}>
        <div className={styles.intro}>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.lead}>{t('intro')}</p>
          <BrandPicker brand={brand} onChange={chooseBrand} />
        </div>
        <ButtonsSection />
        <LoadingSection />
        <EmptyStatesSection />
        <InfoBoxesSection />
        <ErrorScreenSection />
        <NavigationSection brand={brand} />
        <ModalSection />
        <SlideOutSection />
        <PaginationSection />
        <ToastsSection />
        <ComparisonSection />
        <FeatureListSection />
        <VariantOptionsSection />
        <PriceSection />
        <MoneySection />
        <ChatSection />
        <EditorSection />
        <Section title={t('sections.inputs')}>
          <InputsSection />
        </Section>
      </div>
    </ToastProvider>
  );
}

export { GalleryPage };

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function State({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.state}>
      <h3 className={styles.stateTitle}>{title}</h3>
      {children}
    </div>
  );
}

function BrandPicker({ brand, onChange }: { brand: Brand; onChange: (brand: Brand) => void }) {
  const { t } = useTranslation('gallery');
  const selectId = useId();
  return (
    <div className={styles.brandPicker}>
      <label htmlFor={selectId}>{t('brand.label')}</label>
      <select id={selectId} value={brand} onChange={(event) => onChange(parseBrand(event.target.value))}>
        {BRANDS.map((value) => (
          <option key={value} value={value}>
            {BRAND_NAMES[value]}
          </option>
        ))}
      </select>
    </div>
  );
}

function ButtonsSection() {
  const { t } = useTranslation('gallery');
  const variants = ['primary', 'secondary', 'tertiary'] as const;
  return (
    <Section title={t('sections.buttons')}>
      {[
        { title: t('states.default'), props: {} },
        { title: t('buttons.small'), props: { size: 's' as const } },
        { title: t('states.disabled'), props: { isDisabled: true } },
        { title: t('states.pending'), props: { isPending: true } },
      ].map((state) => (
        <State key={state.title} title={state.title}>
          <div className={styles.row}>
            {variants.map((variant) => (
              <Button key={variant} variant={variant} {...state.props}>
                {t(`buttons.${variant}`)}
              </Button>
            ))}
          </div>
        </State>
      ))}
      <State title={t('buttons.link')}>
        <div className={styles.row}>
          <ButtonLink href="/">{t('errorScreen.action')}</ButtonLink>
        </div>
      </State>
    </Section>
  );
}

function LoadingSection() {
  const { t } = useTranslation('gallery');
  return (
    <Section title={t('sections.loading')}>
      <div className={styles.row}>
        <Spinner size="s" />
        <Spinner size="m" />
        <Spinner size="l" />
      </div>
      <Loading />
      <Loading label={t('loading.custom')} isBlock size="l" />
    </Section>
  );
}

function EmptyStatesSection() {
  const { t } = useTranslation('gallery');
  return (
    <Section title={t('sections.emptyStates')}>
      <div className={styles.grid}>
        {EMPTY_STATE_PRESETS.map((preset) => (
          <EmptyState key={preset} preset={preset} />
        ))}
      </div>
    </Section>
  );
}

function InfoBoxesSection() {
  const { t } = useTranslation('gallery');
  return (
    <Section title={t('sections.infoBoxes')}>
      <InfoBox headline={t('infoBoxes.infoHeadline')}>{t('infoBoxes.infoText')}</InfoBox>
      <InfoBox variant="warning" headline={t('infoBoxes.warningHeadline')}>
        {t('infoBoxes.warningText')}
      </InfoBox>
      <InfoBox variant="error">{t('infoBoxes.errorText')}</InfoBox>
    </Section>
  );
}

function ErrorScreenSection() {
  const { t } = useTranslation('gallery');
  return (
    <Section title={t('sections.errorScreen')}>
      <div className={styles.frame}>
        <ErrorScreen
          headline={t('errorScreen.headline')}
          subline={t('errorScreen.subline')}
          explanation={t('errorScreen.explanation')}
          action={{ label: t('errorScreen.action'), href: '/' }}
          errorId="GAL-2026-0001"
        />
      </div>
    </Section>
  );
}

function NavigationSection({ brand }: { brand: Brand }) {
  const { t } = useTranslation('gallery');
  const items: NavItem[] = [
    { to: '/entwicklung/komponenten', label: t('navigation.contracts') },
    { to: '/kunden/schaeden/', label: t('navigation.claims') },
    { to: '/kunden/postfach/', label: t('navigation.inbox') },
    { to: '/kunden/kundendaten/', label: t('navigation.profile') },
  ];
  return (
    <Section title={t('sections.navigation')}>
      <State title={t('states.header')}>
        <div className={styles.frame}>
          <AppHeader brandName={BRAND_NAMES[brand]} />
        </div>
      </State>
      <div className={styles.sidebarFrame}>
        <State title={t('states.sidebarExpanded')}>
          <SidebarNav label={t('navigation.sidebarLabel')} items={items} />
        </State>
        <State title={t('states.sidebarCollapsed')}>
          <SidebarNav label={t('navigation.sidebarCollapsedLabel')} items={items} defaultCollapsed />
        </State>
      </div>
      <State title={t('states.bottomNav')}>
        <div className={styles.bottomNavFrame}>
          <BottomNav label={t('navigation.bottomLabel')} items={items} />
        </div>
      </State>
    </Section>
  );
}

function ModalSection() {
  const { t } = useTranslation('gallery');
  const [open, setOpen] = useState<'dialog' | 'alert' | null>(null);
  const [result, setResult] = useState('');
  const confirm = () => {
    setResult(t('modal.confirmed'));
    setOpen(null);
  };
  return (
    <Section title={t('sections.modal')}>
      <div className={styles.row}>
        <Button onPress={() => setOpen('dialog')}>{t('modal.open')}</Button>
        <Button variant="secondary" onPress={() => setOpen('alert')}>
          {t('modal.openAlert')}
        </Button>
      </div>
      <p className={styles.result} aria-live="polite">
        {result}
      </p>
      <Modal
        isOpen={open === 'dialog'}
        onOpenChange={(isOpen) => setOpen(isOpen ? 'dialog' : null)}
        title={t('modal.title')}
        onConfirm={confirm}
        onCancel={() => setResult(t('modal.cancelled'))}
      >
        <p>{t('modal.text')}</p>
      </Modal>
      <Modal
        role="alertdialog"
        isOpen={open === 'alert'}
        onOpenChange={(isOpen) => setOpen(isOpen ? 'alert' : null)}
        title={t('modal.alertTitle')}
        onConfirm={confirm}
        onCancel={() => setResult(t('modal.cancelled'))}
      >
        <p>{t('modal.alertText')}</p>
      </Modal>
    </Section>
  );
}

function SlideOutSection() {
  const { t } = useTranslation('gallery');
  const [isOpen, setOpen] = useState(false);
  return (
    <Section title={t('sections.slideOut')}>
      <div className={styles.row}>
        <Button variant="secondary" onPress={() => setOpen(true)}>
          {t('slideOut.open')}
        </Button>
      </div>
      <SlideOut isOpen={isOpen} onOpenChange={setOpen}>
        <p>{t('slideOut.text')}</p>
      </SlideOut>
    </Section>
  );
}

function PagedExample({
  number,
  initialPage,
  total,
}: {
  number: number;
  initialPage: number;
  total: number;
}) {
  const { t } = useTranslation('gallery');
  const [page, setPage] = useState(initialPage);
  return (
    <Pagination
      page={page}
      total={total}
      onPageChange={setPage}
      aria-label={t('pagination.label', { number })}
    />
  );
}

function PaginationSection() {
  const { t } = useTranslation('gallery');
  return (
    <Section title={t('sections.pagination')}>
      <State title={t('states.firstPage')}>
        <PagedExample number={1} initialPage={1} total={5} />
      </State>
      <State title={t('states.middlePage')}>
        <PagedExample number={2} initialPage={2} total={5} />
      </State>
      <State title={t('states.lastPage')}>
        <PagedExample number={3} initialPage={5} total={5} />
      </State>
      <State title={t('states.pageTooHigh')}>
        <PagedExample number={4} initialPage={9} total={5} />
      </State>
    </Section>
  );
}

function ToastsSection() {
  const { t } = useTranslation('gallery');
  const toast = useToast();
  return (
    <Section title={t('sections.toasts')}>
      <div className={styles.row}>
        {TOAST_STATES.map((state) => (
          <Button
            key={state}
            variant="secondary"
            onPress={() => toast.show({ title: t(`toasts.title.${state}`), state })}
          >
            {t(`toasts.button.${state}`)}
          </Button>
        ))}
      </div>
    </Section>
  );
}

function ComparisonSection() {
  const { t } = useTranslation('gallery');
  return (
    <Section title={t('sections.comparison')}>
      <ProductComparison
        caption={t('comparison.caption')}
        variants={SAMPLE_VARIANTS}
        features={SAMPLE_FEATURES}
      />
    </Section>
  );
}

function FeatureListSection() {
  const { t } = useTranslation('gallery');
  return (
    <Section title={t('sections.featureList')}>
      <div className={styles.grid}>
        <State title={t('states.collapsed')}>
          <FeatureList features={SAMPLE_FEATURES} variant="KOMFORT" aria-label={t('featureList.label')} />
        </State>
        <State title={t('states.expanded')}>
          <FeatureList
            features={SAMPLE_FEATURES}
            variant="PREMIUM"
            aria-label={t('featureList.labelExpanded')}
            defaultExpanded
          />
        </State>
      </div>
    </Section>
  );
}

function VariantOptionsSection() {
  const { t } = useTranslation('gallery');
  const [value, setValue] = useState<string | null>('KOMFORT');
  return (
    <Section title={t('sections.variantOptions')}>
      <State title={t('states.default')}>
        <VariantOptions
          label={t('variantOptions.label')}
          options={SAMPLE_VARIANTS}
          value={value}
          onChange={setValue}
        />
      </State>
      <State title={t('states.calculating')}>
        <VariantOptions
          label={t('variantOptions.labelCalculating')}
          options={SAMPLE_VARIANTS}
          value="KOMFORT"
          onChange={setValue}
          isCalculating
        />
      </State>
    </Section>
  );
}

function PriceSection() {
  const { t } = useTranslation('gallery');
  return (
    <Section title={t('sections.price')}>
      <div className={styles.grid}>
        <State title={t('states.loaded')}>
          <PriceDisplay price={{ proportionalFee: 8.9, paymentPeriod: 'MONATLICH' }} />
        </State>
        <State title={t('states.loaded')}>
          <PriceDisplay price={{ proportionalFee: 1234.56, paymentPeriod: 'JAEHRLICH' }} />
        </State>
        <State title={t('states.calculating')}>
          <PriceDisplay price={{ proportionalFee: 8.9, paymentPeriod: 'MONATLICH' }} isCalculating />
        </State>
      </div>
    </Section>
  );
}

function MoneySection() {
  const { t } = useTranslation('gallery');
  return (
    <Section title={t('sections.money')}>
      <dl className={styles.moneyList}>
        <dt>{t('money.euros')}</dt>
        <dd>
          <Money euros={1234.56} />
        </dd>
        <dt>{t('money.compact')}</dt>
        <dd>
          <Money euros={2_500_000} compact />
        </dd>
        <dt>{t('money.cents')}</dt>
        <dd>
          <Cents cents={-4990} />
        </dd>
      </dl>
    </Section>
  );
}

function ChatSection() {
  const { t } = useTranslation('gallery');
  const [messages, setMessages] = useState<ChatMessage[]>(SAMPLE_MESSAGES);
  const send = (text: string) => {
    setMessages((current) => [
      ...current,
      {
        id: `local-${current.length + 1}`,
        author: t('chat.sentBy'),
        direction: 'outgoing',
        time: new Date(),
        source: 'CHAT',
        html: false,
        content: text,
      },
    ]);
  };
  return (
    <Section title={t('sections.chat')}>
      <div className={styles.chat}>
        <MessageList messages={messages} aria-label={t('chat.label')} />
        <MessageInput onSend={send} />
      </div>
    </Section>
  );
}

function EditorSection() {
  const { t } = useTranslation('gallery');
  return (
    <Section title={t('sections.editor')}>
      <LazyRichTextEditor label={t('editor.label')} defaultValue={t('editor.initial')} />
    </Section>
  );
}
