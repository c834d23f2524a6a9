import { createStore } from 'zustand/vanilla';
import { persist, createJSONStorage, type StateStorage } from 'zustand/middleware';
import type { Promotion } from '@pisonow/domain/contracts/auth';
import type { PublicConfig } from '@pisonow/domain/contracts/public-config';

import { CO_CORE_KEY, USER_INFO_KEY } from './keys.ts';

export { CO_CORE_KEY, USER_INFO_KEY };

export interface PublicData {
  customerId: string;
  token: string;
  phone_number: string;
}

export interface AwsData {
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

/** The core store of section 3, field for field, plus what query capture (SH-07) keeps. */
export interface CoCoreData {
  testBaseUrl: string;
  prodBaseUrl: string;
  routeName: string;
  prevRouteName: string;
  publicData: PublicData;
  productName: string;
  serviceEmail: string;
  hotline: string;
  webEmail: string;
  homeData: Record<string, unknown>;
  orderData: Record<string, unknown>;
  subProData: Record<string, unknown>;
  FAQData: Record<string, unknown>;
  loanTabType: number;
  isRefresh: boolean;
  refreshControl: boolean;
  awsData: AwsData;
  prohibitSelect: boolean;
  website: string;
  subProTheme: number;
  showLoginPopup: boolean;
  // SH-07 query capture: raw values as they arrived ('' = never seen)
  isBrowser: string;
  standalone: string;
  Messenger: string;
  promotion: Promotion;
}

/** What the app stores about the signed-in borrower under `userInfo` (no token: that is in publicData). */
export interface UserInfo {
  customerId: string;
  phone: string;
  registered: boolean;
  expiresAt: string;
}

export interface CoCoreActions {
  /** after a successful login: token, customer id and phone into publicData, plus `userInfo` */
  signIn(session: {
    token: string;
    customerId: string;
    phone: string;
    registered: boolean;
    expiresAt: string;
  }): void;
  /** SH-12: logout / reset clears token, phone number and customer id and removes userInfo; nothing else */
  resetUser(): void;
  /** remembers the current and previous route name (section 3) */
  setRoute(name: string): void;
  /** copies the display fields of the public configuration into the store */
  applyPublicConfig(config: PublicConfig): void;
  /** the tab the loan offers page (/subIndex) opens on: 1 = my limit, 2 = loan products (default) */
  setLoanTabType(tab: number): void;
  /** SH-07: merges captured query parameters */
  capture(patch: Partial<Pick<CoCoreData, 'isBrowser' | 'standalone' | 'Messenger' | 'promotion'>>): void;
}

export type CoCoreState = CoCoreData & CoCoreActions;

export function coCoreDefaults(): CoCoreData {
  return {
    // The hosts are withheld by the spec; the web app calls its own origin, so both stay empty.
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
    // Empty on purpose: cloud-storage credentials are never shipped in the bundle (section 3).
    awsData: { accessKey: '', secretKey: '', bucket: '', region: '' },
    prohibitSelect: false,
    website: '',
    subProTheme: 1,
    showLoginPopup: false,
    isBrowser: '',
    standalone: '',
    Messenger: '',
    promotion: {},
  };
}

export function isLoggedIn(state: Pick<CoCoreData, 'publicData'>): boolean {
  return Boolean(state.publicData.token && state.publicData.customerId);
}

/**
 * The store factory. The storage is injected so unit tests run in node with an in-memory stub and
 * the app passes window.localStorage (persisted under `coCore`, SH-11).
 */
export function createCoCoreStore(storage: StateStorage) {
  return createStore<CoCoreState>()(
    persist(
      (set, get) => {
        /**
         * persist writes the whole store to localStorage (JSON, synchronously) on every `set`, even
         * one that changes nothing: the shell applies the same public configuration on every start.
         * A patch whose values are all the ones held is not set at all (compared field by field, the
         * way React compares state; a new object with the same contents still counts as a change).
         */
        const update = (patch: Partial<CoCoreData>) => {
          const state = get();
          const keys = Object.keys(patch) as (keyof CoCoreData)[];
          if (keys.some((key) => !Object.is(state[key], patch[key]))) set(patch);
        };
        return {
          ...coCoreDefaults(),
          signIn(session) {
            set({
              publicData: {
                token: session.token,
                customerId: session.customerId,
                phone_number: session.phone,
              },
            });
            const info: UserInfo = {
              customerId: session.customerId,
              phone: session.phone,
              registered: session.registered,
              expiresAt: session.expiresAt,
            };
            void storage.setItem(USER_INFO_KEY, JSON.stringify(info));
          },
          resetUser() {
            set((state) => ({
              publicData: { ...state.publicData, token: '', customerId: '', phone_number: '' },
            }));
            void storage.removeItem(USER_INFO_KEY);
          },
          setRoute(name) {
            const { routeName } = get();
            if (routeName !== name) set({ prevRouteName: routeName, routeName: name });
          },
          applyPublicConfig(config) {
            update({
              productName: config.productName,
              serviceEmail: config.supportEmail,
              hotline: config.hotline,
              webEmail: config.webEmail,
              website: config.website,
            });
          },
          setLoanTabType(tab) {
            update({ loanTabType: tab });
          },
          capture(patch) {
            update(patch);
          },
        };
      },
      {
        name: CO_CORE_KEY,
        storage: createJSONStorage(() => storage),
        version: 1,
        // Only data is persisted; defaults fill any field a stored older version lacks.
        merge: (persisted, current) => ({ ...current, ...(persisted as Partial<CoCoreData>) }),
      },
    ),
  );
}
export type CoCoreStore = ReturnType<typeof createCoCoreStore>;
