import { act } from '@testing-library/react';

type HappyDomWindow = Window & {
  happyDOM?: { setViewport(viewport: { width?: number; height?: number }): void };
};

/** Resizes happy-dom's window (fires resize and media query change events) inside act(). */
export function setViewportWidth(width: number): void {
  const { happyDOM } = window as HappyDomWindow;
  if (!happyDOM) throw new Error('setViewportWidth needs the happy-dom test environment');
  act(() => happyDOM.setViewport({ width }));
}
