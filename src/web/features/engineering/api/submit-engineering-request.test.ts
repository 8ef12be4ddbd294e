import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { readSubmitRefusal } from './submit-engineering-request';

function failure(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data,
  });
}

describe('readSubmitRefusal', () => {
  it("reads the server's missing list and messages from a 422 only", () => {
    const body = {
      message: 'Incomplete',
      missing: [{ path: 'userFileName', label: 'File Name' }],
      errors: { userFileName: 'File Name is required' },
    };
    expect(readSubmitRefusal(failure(422, body))).toEqual(body);
    expect(readSubmitRefusal(failure(500, body))).toBeNull();
    expect(readSubmitRefusal(new Error('offline'))).toBeNull();
  });
});
