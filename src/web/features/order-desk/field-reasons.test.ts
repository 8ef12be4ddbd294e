import { describe, expect, it } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import { placeFailure, sortReasons } from './field-reasons';
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

function refused(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, undefined, {
    status,
    statusText: '',
    headers: {},
    config,
    data,
  });
}

describe('where a failed call is shown', () => {
  it("puts a 400's reasons at their fields and keeps the message when no reason names anything", () => {
    const placed = placeFailure(
      refused(400, { message: 'Bad move', reasons: ['detailer is required'] }),
      moveFieldNames,
    );
    expect(placed).toEqual({ byField: { detailer: 'Detailer is required' }, general: [] });
    expect(placeFailure(refused(400, { message: 'Bad move', reasons: [] }), moveFieldNames)).toEqual({
      byField: {},
      general: ['Bad move'],
    });
  });

  it("shows another refusal's message, and says when the server was not reached", () => {
    expect(placeFailure(refused(502, { message: 'The mail server refused' }), moveFieldNames).general).toEqual([
      'The mail server refused',
    ]);
    expect(placeFailure(new Error('socket hang up'), moveFieldNames).general).toEqual([
      'The server could not be reached. Please try again.',
    ]);
  });
});
