import { describe, expect, it } from 'vitest';
import { parseQueryCapture, promotionForLogin } from './query-capture.ts';
import { createCoCoreStore } from './store/co-core.ts';
import { memoryStorage } from './test-storage.ts';

const q = (search: string) => parseQueryCapture(new URLSearchParams(search));

describe('query capture', () => {
  it('SH-07 isBrowser, standalone and Messenger are stored as they arrive', () => {
    expect(q('?isBrowser=1&standalone=true&Messenger=0')).toEqual({
      isBrowser: '1',
      standalone: 'true',
      Messenger: '0',
    });
    expect(q('?foo=bar')).toEqual({});
  });

  it('SH-07 campaign, adgroup and creative are stored together as promotion', () => {
    expect(q('?campaign=summer&adgroup=a1&creative=c9')).toEqual({
      promotion: { campaign: 'summer', adgroup: 'a1', creative: 'c9' },
    });
    // one field present still replaces the whole attribution (they belong together)
    expect(q('?campaign=winter')).toEqual({ promotion: { campaign: 'winter' } });
  });

  it('SH-07 a later URL without campaign fields keeps the earlier promotion', () => {
    const store = createCoCoreStore(memoryStorage());
    store.getState().capture(q('?campaign=summer&adgroup=a1&isBrowser=1'));
    store.getState().capture(q('?standalone=1'));
    expect(store.getState().promotion).toEqual({ campaign: 'summer', adgroup: 'a1' });
    expect([store.getState().isBrowser, store.getState().standalone]).toEqual(['1', '1']);
  });

  it('SH-07 the promotion is sent with login only when it has a value', () => {
    expect(promotionForLogin({})).toBeUndefined();
    expect(promotionForLogin({ creative: 'x' })).toEqual({ creative: 'x' });
  });
});
