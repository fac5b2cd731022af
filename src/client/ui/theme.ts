/** The stitches theme: one palette, spacing scale and breakpoints for the whole product. */
import { createStitches } from '@stitches/react';

export const { styled, css, globalCss, keyframes, theme } = createStitches({
  theme: {
    colors: {
      primary: '#0b5cad',
      primaryHover: '#094a8b',
      primarySoft: '#e6f0fa',
      text: '#1d2733',
      muted: '#5b6775',
      border: '#d5dbe3',
      surface: '#ffffff',
      background: '#f3f5f8',
      danger: '#b42318',
      dangerSoft: '#fdecea',
      success: '#146c2e',
      successSoft: '#e7f6ec',
      warning: '#8a5a00',
      warningSoft: '#fff5db',
      focus: '#f0b400',
    },
    space: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 7: '48px' },
    radii: { 1: '4px', 2: '8px', round: '999px' },
    fontSizes: { 1: '12px', 2: '14px', 3: '16px', 4: '20px', 5: '24px', 6: '32px' },
    fonts: { body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    shadows: { card: '0 1px 3px rgba(16, 24, 40, 0.12)', raised: '0 8px 24px rgba(16, 24, 40, 0.18)' },
  },
  media: { mobile: '(max-width: 959px)', desktop: '(min-width: 960px)', narrow: '(max-width: 639px)' },
});

export const applyGlobalStyles = globalCss({
  '*, *::before, *::after': { boxSizing: 'border-box' },
  body: { margin: 0, fontFamily: '$body', color: '$text', backgroundColor: '$background', fontSize: '$2' },
  a: { color: '$primary' },
  ':focus-visible': { outline: '3px solid $focus', outlineOffset: '2px' },
  '.visually-hidden': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});
