import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { createI18n } from '../lib/i18n';

// Component tests render with the real German texts, like the app's first paint.
createI18n();

afterEach(() => {
  cleanup();
});
