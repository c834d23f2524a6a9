import { describe, expect, it } from 'vitest';
import {
  CO_CORE_KEY,
  USER_INFO_KEY,
  coCoreDefaults,
  createCoCoreStore,
  isLoggedIn,
  type CoCoreActions,
} from './co-core.ts';
import { memoryStorage } from '../test-storage.ts';
import { LANGUAGE_KEY } from '../i18n/languages.ts';

const SESSION = {
  token: 'tok-1',
  customerId: 'c-1',
  phone: '9171234567',
  registered: true,
  expiresAt: '2026-12-01T00:00:00.000Z',
};

function dataOf(state: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(state).filter(([, v]) => typeof v !== 'function'));
}

describe('coCore store', () => {
  it('SH-11 coCore defaults are exactly the fields of section 3 (plus query capture)', () => {
    const store = createCoCoreStore(memoryStorage());
    expect(dataOf(store.getState())).toEqual({
      testBaseUrl: '',
      prodBaseUrl: '',
      routeName: '',
      prevRouteName: '',
      publicData: { customerId: '', token: '', phone_number: '' },
      productName: '',
      serviceEmail: '',
      hotline: '',
      webEmail: '',
      homeData: {},
      orderData: {},
      subProData: {},
      FAQData: {},
      loanTabType: 2,
      isRefresh: false,
      refreshControl: true,
      awsData: { accessKey: '', secretKey: '', bucket: '', region: '' },
      prohibitSelect: false,
      website: '',
      subProTheme: 1,
      showLoginPopup: false,
      isBrowser: '',
      standalone: '',
      Messenger: '',
      promotion: {},
    });
    expect(dataOf(store.getState())).toEqual(coCoreDefaults());
  });

  it('SH-11 the store is persisted in localStorage under coCore and survives a reload', () => {
    const storage = memoryStorage();
    const store = createCoCoreStore(storage);
    store.getState().signIn(SESSION);
    store.getState().setRoute('homeIndex');
    const saved = JSON.parse(storage.getItem(CO_CORE_KEY) ?? '{}') as { state: Record<string, unknown> };
    expect(saved.state.publicData).toEqual({ token: 'tok-1', customerId: 'c-1', phone_number: '9171234567' });
    expect(saved.state.loanTabType).toBe(2);

    const reloaded = createCoCoreStore(storage);
    expect(reloaded.getState().publicData.token).toBe('tok-1');
    expect(reloaded.getState().routeName).toBe('homeIndex');
    expect(isLoggedIn(reloaded.getState())).toBe(true);
  });

  it('SH-11 login saves the user info under userInfo', () => {
    const storage = memoryStorage();
    createCoCoreStore(storage).getState().signIn(SESSION);
    expect(JSON.parse(storage.getItem(USER_INFO_KEY) ?? 'null')).toEqual({
      customerId: 'c-1',
      phone: '9171234567',
      registered: true,
      expiresAt: SESSION.expiresAt,
    });
  });

  it('SH-12 logout clears token, phone number and customer id and removes userInfo; nothing else', () => {
    const storage = memoryStorage({ [LANGUAGE_KEY]: 'fil', other: 'x' });
    const store = createCoCoreStore(storage);
    store.getState().capture({ isBrowser: '1', promotion: { campaign: 'summer', adgroup: 'a1' } });
    store.getState().setRoute('homeIndex');
    store.getState().setRoute('my');
    store.getState().applyPublicConfig({
      productName: 'PisoNow',
      company: { name: 'X Lending Inc.', secRegistrationNo: 'CS1', certificateOfAuthorityNo: 'CA1' },
      supportEmail: 'help@example.ph',
      hotline: '(02) 8123 4567',
      webEmail: 'web@example.ph',
      website: 'https://example.ph',
      supportHours: '09:00-18:00',
      privacyPolicyVersion: '2026-11',
      routeAliases: {},
      sandbox: true,
      otp: { resendSeconds: 60, length: 4 },
      attribution: null,
      tutorial: { videoUrl: null, posterUrl: null, captions: null },
    });
    store.getState().signIn(SESSION);
    const before = dataOf(store.getState());

    store.getState().resetUser();

    const after = dataOf(store.getState());
    expect(after).toEqual({ ...before, publicData: { token: '', customerId: '', phone_number: '' } });
    expect(isLoggedIn(store.getState())).toBe(false);
    expect(storage.getItem(USER_INFO_KEY)).toBeNull();
    expect(storage.getItem(LANGUAGE_KEY)).toBe('fil');
    expect(storage.getItem('other')).toBe('x');
    expect(storage.getItem(CO_CORE_KEY)).not.toBeNull();
    expect(store.getState().promotion).toEqual({ campaign: 'summer', adgroup: 'a1' });
  });

  it('SH-06 logged in means token AND customer id', () => {
    expect(isLoggedIn({ publicData: { token: 't', customerId: '', phone_number: '' } })).toBe(false);
    expect(isLoggedIn({ publicData: { token: '', customerId: 'c', phone_number: '' } })).toBe(false);
    expect(isLoggedIn({ publicData: { token: 't', customerId: 'c', phone_number: '' } })).toBe(true);
  });

  it('SH-11 setRoute keeps the previous route name', () => {
    const store = createCoCoreStore(memoryStorage());
    store.getState().setRoute('start');
    store.getState().setRoute('homeIndex');
    expect([store.getState().prevRouteName, store.getState().routeName]).toEqual(['start', 'homeIndex']);
  });

  it('SH-11 a change that changes nothing is not written to localStorage again', () => {
    const storage = memoryStorage();
    let writes = 0;
    const counting = {
      ...storage,
      setItem: (key: string, value: string) => {
        if (key === CO_CORE_KEY) writes++;
        storage.setItem(key, value);
      },
    };
    const store = createCoCoreStore(counting);
    const config = {
      productName: 'PisoNow',
      supportEmail: 'help@example.ph',
      hotline: '1800',
      webEmail: 'web@example.ph',
      website: 'https://example.ph',
    } as Parameters<CoCoreActions['applyPublicConfig']>[0];
    store.getState().applyPublicConfig(config);
    store.getState().setRoute('homeIndex');
    store.getState().setLoanTabType(1);
    store.getState().capture({ isBrowser: '1' });
    expect(writes).toBe(4);
    store.getState().applyPublicConfig({ ...config });
    store.getState().setRoute('homeIndex');
    store.getState().setLoanTabType(1);
    store.getState().capture({ isBrowser: '1' });
    expect(writes).toBe(4);
    // a real change is still written, and reaches a reload
    store.getState().applyPublicConfig({ ...config, hotline: '1801' });
    store.getState().setRoute('my');
    expect(writes).toBe(6);
    expect(createCoCoreStore(storage).getState()).toMatchObject({
      hotline: '1801',
      routeName: 'my',
      prevRouteName: 'homeIndex',
      loanTabType: 1,
      isBrowser: '1',
    });
  });
});
