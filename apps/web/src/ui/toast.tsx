import { createContext, useContext, useMemo, useState, type PointerEvent, type ReactNode } from 'react';
import {
  Button as AriaButton,
  I18nProvider,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
  VisuallyHidden,
  type QueuedToast,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { CloseIcon, ErrorIcon, InfoIcon, StarIcon, SuccessIcon, WarningIcon } from './icons';
import styles from './toast.module.css';

/** The toast states of spec §3. */
export const TOAST_STATES = ['positive', 'warning', 'neutral', 'negative', 'highlight'] as const;
export type ToastState = (typeof TOAST_STATES)[number];

/** Spec §9: a toast stays 3000 ms unless told otherwise. */
export const TOAST_DEFAULT_DURATION_MS = 3000;
/** A drag to the right beyond this many pixels dismisses the toast. */
export const TOAST_SWIPE_DISMISS_PX = 80;

export interface ShowToastOptions {
  title: string;
  state: ToastState;
  /** Milliseconds until the toast closes by itself; default 3000. */
  duration?: number;
}

export interface ToastApi {
  /** Shows a toast and returns its key. */
  show: (options: ShowToastOptions) => string;
  close: (key: string) => void;
}

interface ToastContent {
  title: string;
  state: ToastState;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Offers a toast to someone else first; resolves true when they showed it. */
export type ToastForwarder = (toast: Required<ShowToastOptions>) => Promise<boolean>;

let forwarder: ToastForwarder | null = null;

/**
 * Sends the app's toasts elsewhere first (an embedding host page, issue 16): when it answers that it
 * showed the toast, the app does not; otherwise the app shows it itself. Null ends the forwarding.
 */
export function setToastForwarder(next: ToastForwarder | null): void {
  forwarder = next;
}

let forwardedCount = 0;

const ICONS = {
  positive: SuccessIcon,
  warning: WarningIcon,
  neutral: InfoIcon,
  negative: ErrorIcon,
  highlight: StarIcon,
} as const;

/**
 * Holds the toasts of the app and renders them in a labelled region. Each toast is an alert for screen
 * readers; timers pause while the pointer or focus is in the region so nobody has to read in a hurry.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ui');
  const [queue] = useState(() => new ToastQueue<ToastContent>({ maxVisibleToasts: 5 }));

  const api = useMemo<ToastApi>(() => {
    // Keys of forwarded toasts → the key of the app's own toast once it showed one instead.
    const shownInstead = new Map<string, string>();
    const closedEarly = new Set<string>();
    return {
      show: ({ title, state, duration = TOAST_DEFAULT_DURATION_MS }) => {
        const forward = forwarder;
        if (!forward) return queue.add({ title, state }, { timeout: duration });
        const key = `forwarded-${++forwardedCount}`;
        const showHere = () => {
          if (!closedEarly.delete(key))
            shownInstead.set(key, queue.add({ title, state }, { timeout: duration }));
        };
        forward({ title, state, duration }).then(
          (handled) => (handled ? closedEarly.delete(key) : showHere()),
          showHere,
        );
        return key;
      },
      close: (key) => {
        const own = shownInstead.get(key);
        if (own !== undefined) queue.close(own);
        else if (key.startsWith('forwarded-')) closedEarly.add(key);
        else queue.close(key);
      },
    };
  }, [queue]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <I18nProvider locale="de-DE">
        <AriaToastRegion queue={queue} aria-label={t('toast.region')} className={styles.region}>
          {({ toast }) => <SwipeableToast toast={toast} onDismiss={() => queue.close(toast.key)} />}
        </AriaToastRegion>
      </I18nProvider>
    </ToastContext.Provider>
  );
}

/** Access to the toasts; throws when used outside <ToastProvider> (spec §8). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) {
    throw new Error(
      'useToast() was called outside <ToastProvider>. Render the component inside <ToastProvider>.',
    );
  }
  return api;
}

function SwipeableToast({ toast, onDismiss }: { toast: QueuedToast<ToastContent>; onDismiss: () => void }) {
  const { t } = useTranslation('ui');
  const { offset, isDragging, handlers } = useSwipeToDismiss(onDismiss);
  const { title, state } = toast.content;
  const Icon = ICONS[state];

  return (
    <AriaToast
      toast={toast}
      className={[styles.toast, styles[state]].join(' ')}
      data-state={state}
      data-dragging={isDragging || undefined}
      style={
        offset > 0
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / 240) }
          : undefined
      }
      {...handlers}
    >
      <Icon className={styles.icon} />
      <AriaToastContent className={styles.content}>
        <Text slot="title">
          <VisuallyHidden elementType="span">{t(`toast.state.${state}`)} </VisuallyHidden>
          {title}
        </Text>
      </AriaToastContent>
      <AriaButton slot="close" aria-label={t('toast.close')} className={styles.close}>
        <CloseIcon size={18} />
      </AriaButton>
    </AriaToast>
  );
}

/** Tracks a horizontal pointer drag; only movement to the right counts, as the spec asks for. */
function useSwipeToDismiss(onDismiss: () => void) {
  const [drag, setDrag] = useState<{ startX: number; pointerId: number; offset: number } | null>(null);

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
      setDrag({ startX: event.clientX, pointerId: event.pointerId, offset: 0 });
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (!drag || drag.pointerId !== event.pointerId) return;
      setDrag({ ...drag, offset: Math.max(0, event.clientX - drag.startX) });
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      if (!drag || drag.pointerId !== event.pointerId) return;
      setDrag(null);
      if (event.clientX - drag.startX > TOAST_SWIPE_DISMISS_PX) onDismiss();
    },
    onPointerCancel: () => setDrag(null),
  };

  return { offset: drag?.offset ?? 0, isDragging: drag !== null, handlers };
}
