import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { submitCart } from '../../features/carts/api/submit-cart';
import { submitEngineeringRequest } from '../../features/engineering/api/submit-engineering-request';
import { submitConfigurator } from '../../forms/configurator/api/submit-configurator';
import { apiClient } from './api-client';
import { postIdempotent } from './idempotent-post';

type Step = 'lost' | number | [number, Record<string, string>];

/** A transport that answers the scripted steps in turn (the network is the boundary we do not own) and records each request. */
function scriptedTransport(steps: Step[]): { adapter: AxiosAdapter; seen: InternalAxiosRequestConfig[] } {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const step = steps[Math.min(seen.length - 1, steps.length - 1)];
    if (step === 'lost') throw new AxiosError('socket hang up', 'ECONNRESET', config);
    const [status, headers] = Array.isArray(step) ? step : [step, {}];
    const response: AxiosResponse = {
      status,
      statusText: String(status),
      headers: new AxiosHeaders(headers),
      config,
      data: status < 300 ? { fileName: 'SUN-1001-20261123-220000-ABCD' } : { message: 'refused' },
    };
    if (status >= 300)
      throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  return { adapter, seen };
}

const keyOf = (config: InternalAxiosRequestConfig) => AxiosHeaders.from(config.headers).get('Idempotency-Key');
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('postIdempotent', () => {
  const noPause = [0, 0, 0];

  it('retries a lost answer and a 503 with the same key, and resolves with the answer that finally came', async () => {
    const { adapter, seen } = scriptedTransport(['lost', 503, 201]);
    const response = await postIdempotent<{ fileName: string }>(
      '/api/x',
      { a: 1 },
      { client: axios.create({ adapter }), retryDelaysMs: noPause },
    );
    expect(response.status).toBe(201);
    expect(seen).toHaveLength(3);
    expect(keyOf(seen[0])).toMatch(uuid);
    expect(seen.map(keyOf)).toEqual([keyOf(seen[0]), keyOf(seen[0]), keyOf(seen[0])]);
  });

  it('sends a new key with each new submit', async () => {
    const { adapter, seen } = scriptedTransport([201]);
    const client = axios.create({ adapter });
    await postIdempotent('/api/x', {}, { client });
    await postIdempotent('/api/x', {}, { client });
    expect(keyOf(seen[0])).not.toBe(keyOf(seen[1]));
  });

  it('does not retry an answer that another try cannot change (422, or a 409 without Retry-After)', async () => {
    for (const status of [422, 409, 400]) {
      const { adapter, seen } = scriptedTransport([status, 201]);
      await expect(
        postIdempotent('/api/x', {}, { client: axios.create({ adapter }), retryDelaysMs: noPause }),
      ).rejects.toMatchObject({ response: { status } });
      expect(seen, String(status)).toHaveLength(1);
    }
  });

  it('waits and retries a 409 with Retry-After (the first try with the key is still running)', async () => {
    const { adapter, seen } = scriptedTransport([[409, { 'retry-after': '0' }], 201]);
    const response = await postIdempotent('/api/x', {}, { client: axios.create({ adapter }), retryDelaysMs: noPause });
    expect(response.status).toBe(201);
    expect(seen.map(keyOf)).toEqual([keyOf(seen[0]), keyOf(seen[0])]);
  });

  it('gives up after the planned retries and throws the last failure', async () => {
    const { adapter, seen } = scriptedTransport(['lost']);
    await expect(
      postIdempotent('/api/x', {}, { client: axios.create({ adapter }), retryDelaysMs: noPause }),
    ).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(seen).toHaveLength(4);
  });
});

describe("the pages' submit calls keep their key across retries", () => {
  const original = apiClient.defaults.adapter;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    apiClient.defaults.adapter = original;
  });

  /** Runs a submit call through the app's apiClient over a transport that loses the first answer and is down once. */
  async function throughFlakyNetwork<T>(
    call: () => Promise<T>,
  ): Promise<{ result: T; seen: InternalAxiosRequestConfig[] }> {
    const { adapter, seen } = scriptedTransport(['lost', 503, 201]);
    apiClient.defaults.adapter = adapter;
    const pending = call();
    await vi.runAllTimersAsync();
    return { result: await pending, seen };
  }

  it('configurator submit (sunroom, pergola, pavilion)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result, seen } = await throughFlakyNetwork(() =>
      submitConfigurator(
        { url: '/api/OrderingSunrooms/SubmitSunroom', dataField: 'SunroomsData', productName: 'sunroom' },
        'impact',
        { a: 1 },
        true,
      ),
    );
    expect(result).toEqual({ kind: 'sent', fileName: 'SUN-1001-20261123-220000-ABCD' });
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map(keyOf)).size).toBe(1);
    expect(seen[0].params).toEqual({ isOrdered: 'true', form: 'impact' });
  });

  it('cart and engineering submits', async () => {
    for (const call of [
      () => submitCart('/api/SpareParts/SubmitSpareParts', { spareParts: true }),
      () => submitEngineeringRequest({ userFileName: 'X' }),
    ]) {
      const { result, seen } = await throughFlakyNetwork(call);
      expect(result).toEqual({ fileName: 'SUN-1001-20261123-220000-ABCD' });
      expect(seen).toHaveLength(3);
      expect(keyOf(seen[0])).toMatch(uuid);
      expect(new Set(seen.map(keyOf)).size).toBe(1);
    }
  });
});
