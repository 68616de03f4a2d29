import { describe, expect, it } from 'vitest';
import { OFFLINE_MESSAGE } from '../../lib/network-failure';
import { unwrapResult } from '../../lib/query-client';
import { createRequest } from '../../lib/request';
import { changeFailure } from './api/self-service-api';

function offlineRequest() {
  const fetchMock = async () => {
    throw new TypeError('Failed to fetch');
  };
  return {
    request: createRequest({ getAccessToken: () => 't', fetch: fetchMock as unknown as typeof fetch }),
  };
}

describe('a calculation without connection', () => {
  it('makes a failed calculation say in German that there is no connection', async () => {
    const { request } = offlineRequest();
    const result = await request({
      method: 'POST',
      path: '/api/vertrag/vertrag/beitrag/zahlweise/1',
      body: {},
    });
    let error: unknown;
    try {
      unwrapResult(result);
    } catch (caught) {
      error = caught;
    }
    expect(changeFailure(error).message).toBe(
      'Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    );
    expect(OFFLINE_MESSAGE).toMatch(/^Keine Verbindung zum Internet\./);
  });
});
