import { describe, expect, it } from 'vitest';
import { sortReasons } from './field-reasons';
import { moveFieldNames } from './panel/move-fields';

describe("a 400's reasons at their fields", () => {
  it("puts the lifecycle's and the schema's reasons at the field they name, the rest in general", () => {
    const sorted = sortReasons(
      [
        'detailer is required',
        'body/schedDate must match format "date"',
        'shipTo.streetAddress must be non-empty text',
        'The order is shipped',
      ],
      moveFieldNames,
    );
    expect(sorted.byField).toEqual({
      detailer: 'Detailer is required',
      schedDate: 'Scheduled date must match format "date"',
      streetAddress: 'Street must be non-empty text',
    });
    expect(sorted.general).toEqual(['The order is shipped']);
  });
});
