import { describe, expect, it } from 'vitest';
import { toDrawingImagesState } from './use-drawing-images';

describe('toDrawingImagesState', () => {
  const images = [{ fileName: 'a-01-plan-view.png', imageData: 'iVBOR' }];

  it('keeps waiting (and polling) before the first answer and while the drawings are not made', () => {
    expect(toDrawingImagesState(undefined, false, false)).toEqual({ status: 'loading' });
    expect(toDrawingImagesState({ status: 'not-yet' }, false, false)).toEqual({ status: 'loading' });
  });

  it('stops on a 404 on the unprocessed page, and on any failure', () => {
    expect(toDrawingImagesState({ status: 'not-yet' }, false, true)).toEqual({ status: 'stopped' });
    expect(toDrawingImagesState(undefined, true, false)).toEqual({ status: 'stopped' });
  });

  it('stops polling and says so when the drawing job failed for good', () => {
    const message =
      'The drawings of SUN-1 could not be made; please contact TEMO (the failure is recorded with the order)';
    expect(toDrawingImagesState({ status: 'failed', message }, false, false)).toEqual({ status: 'failed', message });
  });

  it('shows the pages once they are there', () => {
    expect(toDrawingImagesState({ status: 'ready', images }, false, true)).toEqual({ status: 'ready', images });
  });
});
