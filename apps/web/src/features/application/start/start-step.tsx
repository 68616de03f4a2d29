// The first step of a product's application before the wizard is loaded (ADR 0023, 'Size of the
// first application step'): the same page — product, step list, 'Schritt 1 von n', title,
// fields, 'Weiter', 'Speichern und später fortsetzen' — drawn from the generated first screen
// on native elements with the design system's style sheets, without react-aria, zod or the flow.
// The first touch, key or focus on the page loads the wizard (onStart); it takes the page over
// with what was entered here, the field that had the focus, and a pressed 'Weiter'. Text, amounts,
// numbers, radios and boxes take input at once; a date or a search field is the picture of one
// until the wizard's own control takes its place (with the focus).
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isFieldVisible, type Field } from '@schirm/domain/application/fields';
import { parseMoneyInput } from '@schirm/domain/format/money';
import { useMinWidth } from '../../../lib/breakpoints';
import { useDocumentTitle } from '../../../lib/document-title';
import fieldStyles from '../../../ui/forms/form-field.module.css';
import radioStyles from '../../../ui/forms/radio-group.module.css';
import checkboxStyles from '../../../ui/forms/checkbox.module.css';
import searchStyles from '../../../ui/forms/searchable-select.module.css';
import dateStyles from '../../../ui/forms/date-input.module.css';
import { CalendarIcon, ChevronDownIcon } from '../../../ui/forms/field-icons';
import { CheckIcon } from '../../../ui/icons';
import styles from '../application.module.css';
import startStyles from './start-step.module.css';
import { StartButton } from './start-button';
import type { ProductStart, StartScreen } from './start-screen';

type Values = Record<string, unknown>;

/** What the first screen hands the wizard when it takes over. */
export interface StartHandoff {
  stepId: string;
  /** The answers entered on the first screen, as the wizard keeps them (amounts in cents). */
  answers: Values;
  /** The field (path, e.g. 'hunde.0.name') that had the focus, to give it to the wizard's control. */
  focusKey?: string;
  /** 'Weiter' was pressed: the wizard checks the page and goes on as if it had been pressed there. */
  submit: boolean;
  /** 'Speichern und später fortsetzen' was pressed: the wizard opens its draft form. */
  openDraft: boolean;
}

/** The kinds the first screen can draw; a first step with another kind opens the wizard at once. */
const DRAWN_KINDS = new Set<Field['kind']>([
  'text',
  'email',
  'hausnummer',
  'plz',
  'money',
  'number',
  'radio',
  'select',
  'checkbox',
  'date',
  'finder',
  'list',
  'notice',
]);

/** Whether every field of the screen (and of its lists' items) can be drawn without the wizard. */
export function canDrawStartScreen(screen: StartScreen): boolean {
  const drawable = (field: Field): boolean =>
    DRAWN_KINDS.has(field.kind) &&
    (field.kind !== 'list' || field.itemFields.every(drawable)) &&
    !(field.kind === 'text' && (field.maxLength ?? 0) > LONG_TEXT_CHARS);
  return screen.fields.every(drawable);
}

// Free text longer than this is a text area in the wizard (page-fields.tsx): not drawn here.
const LONG_TEXT_CHARS = 200;

/** The answers of the first screen's raw inputs, as the wizard keeps them. */
function answersOf(fields: readonly Field[], raw: Values): Values {
  const answers: Values = {};
  for (const field of fields) {
    const value = raw[field.key];
    if (value === undefined || value === '' || value === false) continue;
    if (field.kind === 'money') {
      const cents = parseMoneyInput(String(value));
      if (typeof cents === 'number') answers[field.key] = cents;
    } else if (field.kind === 'number') {
      const digits = String(value).replace(/\./g, '');
      if (/^\d+$/.test(digits)) answers[field.key] = Number(digits);
    } else if (field.kind === 'list') {
      const items = (value as Values[]).map((item) => answersOf(field.itemFields, item));
      if (items.some((item) => Object.keys(item).length > 0)) answers[field.key] = items;
    } else {
      answers[field.key] = value;
    }
  }
  return answers;
}

export interface StartStepProps {
  start: ProductStart;
  screen: StartScreen;
  /** Starts loading the wizard (first touch, key or focus); called once. */
  onStart: () => void;
  /** Set when the wizard takes over: reads what the screen holds at that moment. */
  handoffRef: { current: (() => StartHandoff) | undefined };
}

/** The first step, drawn from its screen data until the wizard takes over. */
export function StartStep({ start, screen, onStart, handoffRef }: StartStepProps) {
  const [raw, setRaw] = useState<Values>({});
  const [isSubmitPending, setSubmitPending] = useState(false);
  // What the wizard reads when it takes over, kept by the event handlers that change it.
  const latest = useRef<{ raw: Values; focusKey?: string; submit: boolean; openDraft: boolean }>({
    raw: {},
    submit: false,
    openDraft: false,
  });
  const hasStarted = useRef(false);
  useDocumentTitle(`${screen.title} – ${start.name}`);
  useLayoutEffect(() => {
    handoffRef.current = () => ({
      stepId: screen.stepId,
      answers: answersOf(screen.fields, latest.current.raw),
      ...(latest.current.focusKey ? { focusKey: latest.current.focusKey } : {}),
      submit: latest.current.submit,
      openDraft: latest.current.openDraft,
    });
  }, [handoffRef, screen]);

  function begin() {
    if (hasStarted.current) return;
    hasStarted.current = true;
    onStart();
  }
  function noteFocus(target: EventTarget) {
    const owner = target instanceof Element ? target.closest('[data-field-key]') : null;
    const key = owner?.getAttribute('data-field-key') ?? undefined;
    latest.current = { ...latest.current, ...(key ? { focusKey: key } : { focusKey: undefined }) };
  }

  const count = screen.path.length;
  return (
    <div
      className={styles.page}
      onPointerDownCapture={begin}
      onKeyDownCapture={begin}
      onFocusCapture={(event) => {
        noteFocus(event.target);
        begin();
      }}
    >
      <p className={styles.product}>{start.name}</p>
      <div className={styles.layout}>
        <StartStepList screen={screen} />
        <form
          className={styles.form}
          noValidate
          aria-labelledby={`step-heading-${screen.stepId}`}
          onSubmit={(event) => {
            event.preventDefault();
            begin();
            latest.current = { ...latest.current, submit: true };
            setSubmitPending(true);
          }}
        >
          <p className={styles.progress}>{`Schritt 1 von ${count}`}</p>
          <h1 id={`step-heading-${screen.stepId}`} tabIndex={-1} className={styles.headline}>
            {screen.title}
          </h1>
          {screen.intro ? <p className={styles.intro}>{screen.intro}</p> : null}
          <StartFields
            fields={screen.fields}
            values={raw}
            onChange={(key, value) => {
              const next = { ...latest.current.raw, [key]: value };
              latest.current = { ...latest.current, raw: next };
              setRaw(next);
            }}
            path=""
          />
          <div className={styles.actions}>
            <StartButton type="submit" isPending={isSubmitPending}>
              Weiter
            </StartButton>
          </div>
        </form>
      </div>
      <section className={styles.draft} aria-label="Antrag speichern">
        <StartButton
          variant="tertiary"
          data-field-key="__draft"
          onClick={() => {
            latest.current = { ...latest.current, openDraft: true };
          }}
        >
          Speichern und später fortsetzen
        </StartButton>
      </section>
    </div>
  );
}

/** The step list of the path before any answer: the first step current, the others not yet open. */
function StartStepList({ screen }: { screen: StartScreen }) {
  const isWide = useMinWidth('large');
  const nav = (
    <nav aria-label="Antragsschritte" className={styles.stepList}>
      <ol>
        {screen.path.map(({ id, title }) => (
          <li key={id} className={id === screen.stepId ? styles.currentStep : undefined}>
            <span aria-current={id === screen.stepId ? 'step' : undefined}>{title}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
  if (isWide) return nav;
  return (
    <details className={styles.stepDetails}>
      <summary>Alle Schritte</summary>
      {nav}
    </details>
  );
}

function StartFields({
  fields,
  values,
  onChange,
  path,
}: {
  fields: readonly Field[];
  values: Values;
  onChange: (key: string, value: unknown) => void;
  path: string;
}) {
  return (
    <>
      {fields
        .filter((field) => isFieldVisible(field, values))
        .map((field) => (
          <div key={field.key} data-field-key={`${path}${field.key}`} className={startStyles.contents}>
            <StartField field={field} value={values[field.key]} onChange={onChange} path={path} />
          </div>
        ))}
    </>
  );
}

function Label({
  htmlFor,
  id,
  field,
  children,
}: {
  htmlFor?: string;
  id?: string;
  field: Field;
  children: ReactNode;
}) {
  const { t } = useTranslation('forms');
  const optional =
    'optional' in field && field.optional ? (
      <span className={fieldStyles.optional}> {t('optional')}</span>
    ) : null;
  if (htmlFor === undefined) {
    return (
      <span className={fieldStyles.label} id={id}>
        {children}
        {optional}
      </span>
    );
  }
  return (
    <label className={fieldStyles.label} htmlFor={htmlFor} id={id}>
      {children}
      {optional}
    </label>
  );
}

function Hint({ id, children }: { id: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <div id={id} className={fieldStyles.description}>
      {children}
    </div>
  );
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function StartField({
  field,
  value,
  onChange,
  path,
}: {
  field: Field;
  value: unknown;
  onChange: (key: string, value: unknown) => void;
  path: string;
}) {
  const { t } = useTranslation('forms');
  const id = useId();
  const hintId = `${id}-hint`;
  const name = `${path}${field.key}`;
  if (field.kind === 'notice') {
    return (
      <div className={startStyles.notice}>
        {field.title ? <p className={startStyles.noticeTitle}>{field.title}</p> : null}
        <p className={styles.noticeText}>{field.text}</p>
      </div>
    );
  }
  if (field.kind === 'documents' || field.kind === 'variants') return null;
  const hint = field.hint;
  const required = !field.optional || undefined;
  const set = (next: unknown) => onChange(field.key, next);

  switch (field.kind) {
    case 'text':
    case 'email':
    case 'hausnummer':
    case 'plz':
    case 'tel':
    case 'iban':
      return (
        <div className={fieldStyles.field}>
          <Label htmlFor={id} field={field}>
            {field.label}
          </Label>
          <input
            id={id}
            name={name}
            className={fieldStyles.control}
            type={field.kind === 'email' ? 'email' : 'text'}
            {...(field.kind === 'plz' ? { inputMode: 'numeric' as const } : {})}
            {...(field.autoComplete ? { autoComplete: field.autoComplete } : {})}
            {...(field.maxLength ? { maxLength: field.maxLength } : {})}
            value={text(value)}
            onChange={(event) => set(event.target.value)}
            aria-required={required}
            aria-describedby={hint ? hintId : undefined}
          />
          <Hint id={hintId}>{hint}</Hint>
        </div>
      );
    case 'money':
    case 'number': {
      const label = field.kind === 'number' && field.unit ? `${field.label} (${field.unit})` : field.label;
      const suffixId = `${id}-suffix`;
      return (
        <div className={fieldStyles.field}>
          <Label htmlFor={id} field={field}>
            {label}
          </Label>
          <div className={fieldStyles.group}>
            <input
              id={id}
              name={name}
              className={fieldStyles.control}
              inputMode={field.kind === 'money' ? 'decimal' : 'numeric'}
              autoComplete="off"
              value={text(value)}
              onChange={(event) => set(event.target.value)}
              aria-required={required}
              aria-describedby={
                [field.kind === 'money' ? suffixId : '', hint ? hintId : ''].filter(Boolean).join(' ') ||
                undefined
              }
            />
            {field.kind === 'money' ? (
              <span className={fieldStyles.suffix} id={suffixId}>
                {t('currency.suffix')}
              </span>
            ) : null}
          </div>
          <Hint id={hintId}>{hint}</Hint>
        </div>
      );
    }
    case 'radio': {
      const isStacked = field.options.length > 4 || field.options.some((option) => option.label.length > 30);
      return (
        <div
          className={fieldStyles.field}
          role="radiogroup"
          aria-labelledby={`${id}-label`}
          aria-required={required}
          aria-describedby={hint ? hintId : undefined}
        >
          <Label id={`${id}-label`} field={field}>
            {field.label}
          </Label>
          <div className={isStacked ? radioStyles.stacked : radioStyles.inline}>
            {field.options.map((option) => (
              <label
                key={option.value}
                className={`${radioStyles.radio} ${startStyles.radio}`}
                data-selected={value === option.value || undefined}
              >
                <input
                  type="radio"
                  className="visually-hidden"
                  name={name}
                  value={option.value}
                  checked={value === option.value}
                  onChange={() => set(option.value)}
                />
                <span className={radioStyles.circle} aria-hidden="true" />
                <span className={radioStyles.texts}>
                  <span>{option.label}</span>
                  {option.hint ? <span className={radioStyles.optionDescription}>{option.hint}</span> : null}
                </span>
              </label>
            ))}
          </div>
          <Hint id={hintId}>{hint}</Hint>
        </div>
      );
    }
    case 'select':
      // A native select (the wizard's select list takes its value over when it loads).
      return (
        <div className={fieldStyles.field}>
          <Label htmlFor={id} field={field}>
            {field.label}
          </Label>
          <select
            id={id}
            name={name}
            className={fieldStyles.control}
            value={text(value)}
            onChange={(event) => set(event.target.value)}
            aria-required={required}
            aria-describedby={hint ? hintId : undefined}
          >
            <option value="">{t('select.placeholder')}</option>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <Hint id={hintId}>{hint}</Hint>
        </div>
      );
    case 'checkbox':
      return (
        <div className={fieldStyles.field}>
          <label
            className={`${checkboxStyles.checkbox} ${startStyles.checkbox}`}
            data-selected={value === true || undefined}
          >
            <input
              type="checkbox"
              className="visually-hidden"
              name={name}
              checked={value === true}
              onChange={(event) => set(event.target.checked || undefined)}
              aria-describedby={hint ? hintId : undefined}
            />
            <span className={checkboxStyles.box} aria-hidden="true">
              {value === true ? <CheckIcon size={18} /> : null}
            </span>
            <span className={checkboxStyles.label}>
              {field.label}
              {field.optional ? <span className={fieldStyles.optional}> {t('optional')}</span> : null}
            </span>
          </label>
          <div className={checkboxStyles.texts}>
            <Hint id={hintId}>{hint}</Hint>
          </div>
        </div>
      );
    case 'date':
      // The picture of the date input: focusing it loads the wizard, whose date input takes the focus.
      return (
        <div className={fieldStyles.field}>
          <Label htmlFor={id} field={field}>
            {field.label}
          </Label>
          <div className={`${fieldStyles.control} ${dateStyles.group} ${startStyles.pictureGroup}`}>
            <input
              id={id}
              name={name}
              readOnly
              className={startStyles.pictureInput}
              placeholder="TT.MM.JJJJ"
              aria-required={required}
              aria-describedby={`${id}-format`}
            />
            <span className={dateStyles.calendarButton} aria-hidden="true">
              <CalendarIcon />
            </span>
          </div>
          <div id={`${id}-format`} className={fieldStyles.description}>
            {hint ? `${t('date.formatHint')}. ${hint}` : t('date.formatHint')}
          </div>
        </div>
      );
    case 'finder':
      // The picture of the search field: focusing it loads the wizard, whose search takes the focus.
      return (
        <div className={fieldStyles.field}>
          <Label htmlFor={id} field={field}>
            {field.label}
          </Label>
          <div className={searchStyles.inputWrapper}>
            <input
              id={id}
              name={name}
              readOnly
              className={`${fieldStyles.control} ${searchStyles.input}`}
              aria-required={required}
              aria-describedby={hint ? hintId : undefined}
            />
            <span className={searchStyles.button} aria-hidden="true">
              <ChevronDownIcon />
            </span>
          </div>
          <Hint id={hintId}>{hint}</Hint>
        </div>
      );
    case 'list': {
      const items = Array.isArray(value) ? (value as Values[]) : [];
      const shown = Array.from(
        { length: Math.max(field.min, items.length) },
        (_, index) => items[index] ?? {},
      );
      return (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>
            {field.label}
            {field.optional ? <span className={styles.optional}> (optional)</span> : null}
          </legend>
          {field.hint ? <p className={styles.hint}>{field.hint}</p> : null}
          {shown.map((item, index) => (
            <fieldset key={index} className={styles.listItem}>
              <legend className={styles.itemLegend}>{`${field.itemLabel} ${index + 1}`}</legend>
              <StartFields
                fields={field.itemFields}
                values={item}
                onChange={(key, next) =>
                  set(
                    shown.map((current, position) =>
                      position === index ? { ...current, [key]: next } : current,
                    ),
                  )
                }
                path={`${name}.${index}.`}
              />
            </fieldset>
          ))}
          {shown.length < field.max ? (
            <div>
              <StartButton variant="secondary" size="s" data-field-key={`${name}.__add`}>
                {field.addLabel}
              </StartButton>
            </div>
          ) : null}
        </fieldset>
      );
    }
    default:
      return null;
  }
}
