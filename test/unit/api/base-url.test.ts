import { describe, expect, it } from 'vitest';
import { parseBaseUrl } from '@/lib/api/base-url';
import { simulatorWithClient } from '../support/helpers';

describe('service URL', () => {
  it('is accepted with or without a trailing slash', async () => {
    expect(parseBaseUrl('https://api.example.com/v1/')).toEqual({ baseUrl: 'https://api.example.com/v1' });
    expect(parseBaseUrl(' https://api.example.com/v1 ')).toEqual({ baseUrl: 'https://api.example.com/v1' });
    const { client, sim } = simulatorWithClient({ baseUrl: 'https://sim.test/v1///' });
    await client.getUser();
    expect(sim.log[0]?.path).toBe('/user');
  });

  it('warns when it does not end in /v1', () => {
    expect(parseBaseUrl('https://api.example.com/').warning).toMatch(/usually ends in \/v1/);
    expect(parseBaseUrl('https://api.example.com/v2').warning).toContain('https://api.example.com/v1');
  });

  it.each(['', 'api.example.com/v1', 'ftp://api.example.com/v1', 'https://api.example.com/v1?x=1'])(
    'refuses %j with a clear message',
    (input) => {
      expect(() => parseBaseUrl(input)).toThrow(/URL/);
    },
  );
});
