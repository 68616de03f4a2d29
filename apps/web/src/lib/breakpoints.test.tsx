import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BREAKPOINTS, breakpointForWidth, minWidthQuery, useBreakpoint, useMinWidth } from './breakpoints';
import { setViewportWidth } from './testing/viewport';

function Probe() {
  return <p>{`${useBreakpoint()} large=${useMinWidth('large')}`}</p>;
}

describe('breakpoints', () => {
  afterEach(() => setViewportWidth(1024));

  it('are exactly those of spec §2', () => {
    expect(BREAKPOINTS).toEqual({ small: 576, medium: 768, large: 1024, xLarge: 1200, xxLarge: 1440 });
    expect(minWidthQuery('large')).toBe('(min-width: 1024px)');
  });

  it.each([
    [320, 'xSmall'],
    [575, 'xSmall'],
    [576, 'small'],
    [767, 'small'],
    [768, 'medium'],
    [1023, 'medium'],
    [1024, 'large'],
    [1199, 'large'],
    [1200, 'xLarge'],
    [1439, 'xLarge'],
    [1440, 'xxLarge'],
    [2560, 'xxLarge'],
  ] as const)('%i px is %s', (width, name) => {
    expect(breakpointForWidth(width)).toBe(name);
  });

  it('follow the viewport in components', () => {
    setViewportWidth(375);
    render(<Probe />);
    expect(screen.getByText('xSmall large=false')).toBeVisible();

    setViewportWidth(1200);
    expect(screen.getByText('xLarge large=true')).toBeVisible();
  });
});
