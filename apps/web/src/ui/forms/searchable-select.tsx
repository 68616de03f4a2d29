import {
  useEffect,
  useEffectEvent,
  useImperativeHandle,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { Button, ComboBox, Input, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from './field-icons';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  fieldClassName,
  fieldErrorText,
  type FieldBaseProps,
} from './form-field';
import styles from './form-field.module.css';
import listStyles from './list-box.module.css';
import searchStyles from './searchable-select.module.css';

export interface SearchOption {
  value: string;
  label: string;
}

/** Finds options for a search pattern; must stop when the signal aborts. */
export type LoadOptions = (pattern: string, signal: AbortSignal) => Promise<readonly SearchOption[]>;

export interface SearchableSelectProps extends FieldBaseProps {
  loadOptions: LoadOptions;
  value?: SearchOption | null;
  defaultValue?: SearchOption | null;
  onChange?: (option: SearchOption | null) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  ref?: Ref<HTMLInputElement>;
  placeholder?: string;
  /** Characters needed before searching; defaults to 1. */
  minPatternLength?: number;
}

function cacheKey(pattern: string): string {
  return pattern.trim().toLocaleLowerCase('de-DE');
}

function withSelected(
  options: readonly SearchOption[],
  selected: SearchOption | null,
): readonly SearchOption[] {
  if (!selected || options.some((option) => option.value === selected.value)) return options;
  return [selected, ...options];
}

/**
 * Searchable dropdown (react-aria ComboBox) over an asynchronous finder. Options are cached per
 * search pattern for the life of the field, so typing back and forth asks the server only once per
 * pattern; a newer pattern aborts the request of an older one.
 */
export function SearchableSelect({
  label,
  description,
  errorMessage,
  isInvalid,
  isRequired,
  isDisabled,
  name,
  className,
  loadOptions,
  value,
  defaultValue = null,
  onChange,
  onBlur,
  ref,
  placeholder,
  minPatternLength = 1,
}: SearchableSelectProps) {
  const { t } = useTranslation('forms');
  const [uncontrolledSelected, setUncontrolledSelected] = useState<SearchOption | null>(defaultValue);
  const selected = value === undefined ? uncontrolledSelected : value;
  const [inputValue, setInputValue] = useState(selected?.label ?? '');
  const [shownSelected, setShownSelected] = useState(selected);
  const [cache, setCache] = useState<ReadonlyMap<string, readonly SearchOption[]>>(() => new Map());
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const isEscapeRef = useRef(false);
  useImperativeHandle<HTMLInputElement | null, HTMLInputElement | null>(ref, () => inputRef.current, []);

  // A new value from outside (form reset, loaded draft) replaces the text in the field.
  if (selected?.value !== shownSelected?.value) {
    setShownSelected(selected);
    setInputValue(selected?.label ?? '');
  }

  const key = cacheKey(inputValue);
  const wantsSearch = key.length >= minPatternLength && inputValue !== selected?.label;
  const cached = cache.get(key);
  const isLoading = wantsSearch && cached === undefined && failedKey !== key;
  const hasFailed = wantsSearch && cached === undefined && failedKey === key;
  const items = withSelected(wantsSearch ? (cached ?? []) : [], selected);

  const load = useEffectEvent((pattern: string, signal: AbortSignal) => loadOptions(pattern, signal));

  useEffect(() => {
    if (!isLoading) return;
    const controller = new AbortController();
    load(inputValue.trim(), controller.signal).then(
      (options) => {
        if (controller.signal.aborted) return;
        setCache((previous) => new Map(previous).set(key, options));
      },
      () => {
        if (controller.signal.aborted) return;
        setFailedKey(key);
      },
    );
    return () => controller.abort();
  }, [isLoading, key, inputValue]);

  function handleSelectionChange(selectedKey: Key | null) {
    const option =
      selectedKey === null ? null : (items.find((item) => item.value === String(selectedKey)) ?? null);
    const isSameSelection = option?.value === selected?.value;
    const wasEscape = isEscapeRef.current;
    isEscapeRef.current = false;
    // react-aria re-commits the unchanged selection when the list closes: on Escape and on blur the
    // text returns to the selection; when the page merely scrolled (e.g. the phone's keyboard
    // opening) the person keeps typing, so the text stays and the list opens again.
    if (isSameSelection && !wasEscape && inputRef.current?.ownerDocument.activeElement === inputRef.current)
      return;
    setUncontrolledSelected(option);
    setShownSelected(option);
    setInputValue(option?.label ?? '');
    if (!isSameSelection) onChange?.(option);
  }

  function noteEscape(event: KeyboardEvent<HTMLDivElement>) {
    isEscapeRef.current = event.key === 'Escape';
  }

  function handleInputChange(text: string) {
    setInputValue(text);
    if (failedKey === cacheKey(text)) setFailedKey(null);
    if (text === '' && selected) handleSelectionChange(null);
  }

  const error = fieldErrorText({ errorMessage, isInvalid }, t('errors.textDefault'));
  const emptyStateText = !wantsSearch
    ? t('search.typeToSearch')
    : isLoading
      ? t('search.loading')
      : hasFailed
        ? t('errors.search')
        : t('search.empty');
  return (
    <ComboBox
      className={fieldClassName(className)}
      items={items}
      inputValue={inputValue}
      onInputChange={handleInputChange}
      value={selected?.value ?? null}
      onChange={handleSelectionChange}
      onBlur={onBlur}
      name={name}
      formValue="key"
      allowsEmptyCollection
      menuTrigger="input"
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={error !== undefined}
      validationBehavior="aria"
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <div className={searchStyles.inputWrapper} onKeyDownCapture={noteEscape}>
        <Input
          ref={inputRef}
          className={`${styles.control} ${searchStyles.input}`}
          placeholder={placeholder}
        />
        <Button className={searchStyles.button} aria-label={t('search.showSuggestions')}>
          <ChevronDownIcon />
        </Button>
      </div>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{error}</FieldErrorText>
      <Popover className={listStyles.popover}>
        <ListBox
          className={listStyles.listBox}
          renderEmptyState={() => <div className={listStyles.emptyState}>{emptyStateText}</div>}
        >
          {(option: SearchOption) => (
            <ListBoxItem id={option.value} textValue={option.label} className={listStyles.option}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
