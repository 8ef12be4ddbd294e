import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { pickConfiguratorContacts } from './get-configurator-contacts';
import { readSubmitFailure } from './submit-configurator';

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

describe('readSubmitFailure', () => {
  const contact = { name: 'Jason Wright', phone: '(555) 010-1', email: 'jason@example.com' };
  it('reads 999/998/997 with their text and contact, a 422 missing list, anything else as a failure', () => {
    expect(readSubmitFailure(failure(999, { message: 'You are currently on hold. Please contact', contact }))).toEqual({
      kind: 'refused',
      status: 999,
      message: 'You are currently on hold. Please contact',
      contact,
    });
    expect(readSubmitFailure(failure(998, { message: 'x', contact: null }))).toMatchObject({
      kind: 'refused',
      status: 998,
      contact: null,
    });
    expect(
      readSubmitFailure(
        failure(422, { message: 'm', missing: [{ path: 'lengthFeet', label: 'Length Feet' }], errors: {} }),
      ),
    ).toEqual({
      kind: 'incomplete',
      missing: [{ path: 'lengthFeet', label: 'Length Feet' }],
      errors: {},
    });
    expect(readSubmitFailure(failure(500, {}))).toEqual({ kind: 'failed', contact: null });
    expect(readSubmitFailure(new Error('offline'))).toEqual({ kind: 'failed', contact: null });
  });
});

describe('pickConfiguratorContacts', () => {
  it('names customer service for errors and the design center for attachments', () => {
    const person = (name: string, title: string) => ({ name, title, phone: '1', email: `${name}@example.com` });
    const picked = pickConfiguratorContacts({
      sections: [
        { name: 'Design Center', groups: [{ name: null, contacts: [person('grace', 'Design Center Manager')] }] },
        {
          name: 'Admin Support',
          groups: [{ name: null, contacts: [person('hector', 'Order Entry'), person('nadia', 'Customer Service')] }],
        },
      ],
    });
    expect(picked.support?.name).toBe('nadia');
    expect(picked.attachments?.email).toBe('grace@example.com');
  });
});
