import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../lib/test-storage.ts';

// the app's store and API client read window.localStorage and fetch: both stand-ins, before import
vi.stubGlobal('window', { localStorage: memoryStorage() });
const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
vi.stubGlobal('fetch', fetchMock);
let startFirstData: (pathname: string) => void;
let login: () => void;
let logout: () => void;

const asked = () =>
  fetchMock.mock.calls.map((call) => {
    const [url, init] = call as unknown as [string, RequestInit];
    return `${url}${(init.headers as Record<string, string>).Authorization ? ' (session)' : ''}`;
  });

describe('the first page asks for its data as the app starts (issue 9)', () => {
  beforeEach(async () => {
    fetchMock.mockClear();
    // a fresh client each time, so no early answer is left from the case before
    vi.resetModules();
    ({ startFirstData } = await import('./first-data.ts'));
    const { coCoreStore } = await import('../../lib/store/index.ts');
    login = () =>
      coCoreStore.setState({ publicData: { token: 'tok-1', customerId: 'c-1', phone_number: '9171234567' } });
    logout = () => coCoreStore.setState({ publicData: { token: '', customerId: '', phone_number: '' } });
  });

  it('home and the withdrawal page, signed in: the public configuration and the page reads, with the session', () => {
    login();
    startFirstData('/homeIndex');
    expect(asked()).toEqual(['/api/config/public', '/api/home (session)']);
    fetchMock.mockClear();
    startFirstData('/allwithdraw'); // paths are matched as the router matches them
    expect(asked()).toEqual(['/api/loans/offer (session)']);
  });

  it('signed out, or a page without first data: only the public configuration', () => {
    logout();
    startFirstData('/homeIndex');
    expect(asked()).toEqual(['/api/config/public']);
  });

  it('the login page asks for nothing that needs a session', () => {
    login();
    startFirstData('/start');
    expect(asked()).toEqual(['/api/config/public']);
  });
});
