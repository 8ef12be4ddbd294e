import { describe, expect, it } from 'vitest';
import { toastBackgrounds } from './toast-content';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastWithWhite(hex: string): number {
  return (1 + 0.05) / (luminance(hex) + 0.05);
}

describe('toast colours', () => {
  it.each(Object.entries(toastBackgrounds))(
    '%s toasts keep white text readable (WCAG AA, 4.5:1)',
    (_variant, background) => {
      expect(contrastWithWhite(background)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
