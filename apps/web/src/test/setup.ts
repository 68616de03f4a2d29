import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { createI18n } from '../lib/i18n';

// Component tests render with the real German texts, like the app's first paint.
createI18n();

// findBy…/waitFor give up after 1 s by default; a lazily loaded page took longer than that on a
// saturated two-core CI machine. A page that never appears still fails, just later.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
