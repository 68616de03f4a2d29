import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { ToastProvider } from '../../ui/toast';

/**
 * Providers the portal and flow areas need: toasts, and react-aria's locale so its built-in texts and
 * formats are German whatever the browser language. They sit in the (lazy) area layouts rather than in
 * the app root so react-aria stays out of the public area's initial JavaScript.
 */
export function AreaProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider locale="de-DE">
      <ToastProvider>{children}</ToastProvider>
    </I18nProvider>
  );
}
