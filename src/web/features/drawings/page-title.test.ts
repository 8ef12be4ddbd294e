import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it('names a page by what follows the order file name and sheet number', () => {
    const order = 'SUN-1001-20240307-101112-AB12';
    expect(pageTitle({ fileName: `${order}-01-plan-view.png`, imageData: '' }, order)).toBe('Plan view');
    expect(pageTitle({ fileName: `${order}-03-elevation-wall-2.png`, imageData: '' }, order)).toBe('Elevation wall 2');
    expect(pageTitle({ fileName: 'other.png', imageData: '' }, order)).toBe('Other');
  });
});
