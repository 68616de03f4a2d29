import { useCallback, useEffect, useRef, useState } from 'react';

/** Issue 5: after 15 minutes without activity the person is warned, then signed out. */
export const INACTIVITY_TIMEOUT_MS = 15 * 60_000;
/** How long the warning gives to stay signed in (WCAG 2.2.1 asks for at least 20 seconds). */
export const INACTIVITY_WARNING_MS = 60_000;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

type WatchOptions = {
  timeoutMs: number;
  warningMs: number;
  /** Called with the whole seconds left while the warning runs, and with null when it ends. */
  onCountdown: (secondsLeft: number | null) => void;
  onTimeout: () => void;
};

/**
 * Watches input anywhere on the page. Timers only trigger a check against the clock, so a tab
 * that slept (timers paused) still warns and signs out on time when it wakes.
 */
function watchInactivity({ timeoutMs, warningMs, onCountdown, onTimeout }: WatchOptions) {
  let lastActivity = Date.now();
  let isWarning = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function check(): void {
    clearTimeout(timer);
    const idle = Date.now() - lastActivity;
    if (idle >= timeoutMs + warningMs) {
      isWarning = false;
      onCountdown(null);
      onTimeout();
      return;
    }
    if (idle >= timeoutMs) {
      isWarning = true;
      const remaining = timeoutMs + warningMs - idle;
      onCountdown(Math.ceil(remaining / 1000));
      // Next tick when the countdown reaches the next whole second.
      timer = setTimeout(check, remaining % 1000 || 1000);
      return;
    }
    timer = setTimeout(check, timeoutMs - idle);
  }

  const noteActivity = () => {
    // While the warning shows, only its button keeps the session: a stray touch must not.
    if (!isWarning) lastActivity = Date.now();
  };
  const wake = () => {
    if (document.visibilityState === 'visible') check();
  };
  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, noteActivity, { capture: true, passive: true });
  }
  document.addEventListener('visibilitychange', wake);
  check();

  return {
    stayActive(): void {
      lastActivity = Date.now();
      isWarning = false;
      onCountdown(null);
      check();
    },
    stop(): void {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, noteActivity, { capture: true });
      document.removeEventListener('visibilitychange', wake);
      clearTimeout(timer);
    },
  };
}

export type Inactivity = {
  /** Seconds until sign-out while the warning shows, else null. */
  secondsLeft: number | null;
  /** The person is still here: hide the warning and count 15 minutes again. */
  stayActive: () => void;
};

/** Warns after `timeoutMs` without input, then calls onTimeout when `warningMs` more have passed. */
export function useInactivity({
  onTimeout,
  timeoutMs = INACTIVITY_TIMEOUT_MS,
  warningMs = INACTIVITY_WARNING_MS,
}: {
  onTimeout: () => void;
  timeoutMs?: number;
  warningMs?: number;
}): Inactivity {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const watch = useRef<ReturnType<typeof watchInactivity> | undefined>(undefined);
  const onTimeoutRef = useRef(onTimeout);

  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  useEffect(() => {
    const current = watchInactivity({
      timeoutMs,
      warningMs,
      onCountdown: setSecondsLeft,
      onTimeout: () => onTimeoutRef.current(),
    });
    watch.current = current;
    return () => current.stop();
  }, [timeoutMs, warningMs]);

  const stayActive = useCallback(() => watch.current?.stayActive(), []);
  return { secondsLeft, stayActive };
}
