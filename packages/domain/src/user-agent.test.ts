import { describe, expect, it } from 'vitest';
import { isAndroid, isIPhoneLike, layoutFor } from './user-agent.ts';

const UA = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  androidFb:
    'Mozilla/5.0 (Linux; Android 13; CPH2387 Build/TP1A.220905.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/129.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/480.0.0.0;]',
  windowsPhone:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0 Mobile Safari/537.36 Edge/15.14977',
  symbian:
    'Mozilla/5.0 (SymbianOS/9.4; Series60/5.0 NokiaN97-1/12.0.024; Profile/MIDP-2.1 Configuration/CLDC-1.1) AppleWebKit/525 (KHTML, like Gecko) BrowserNG/7.1.18124',
  messengerIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/450.0;FBBV/600;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.4;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/5]',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  // odd strings that pin down the "index > 0" rule
  startsWithIPhone: 'iPhone custom client',
  startsWithAndroid: 'Android custom client',
} as const;

describe('SH-02 layout from the user agent', () => {
  it.each([
    ['iPhone', 'mobile'],
    ['iPad', 'mobile'],
    ['iPod', 'mobile'],
    ['android', 'mobile'],
    ['androidFb', 'mobile'],
    ['windowsPhone', 'mobile'],
    ['symbian', 'mobile'],
    ['messengerIos', 'mobile'],
    ['windowsChrome', 'desktop'],
    ['macSafari', 'desktop'],
    ['linuxFirefox', 'desktop'],
    ['startsWithIPhone', 'desktop'],
    ['startsWithAndroid', 'desktop'],
  ] as const)('SH-02 %s → %s', (name, layout) => expect(layoutFor(UA[name])).toBe(layout));
});

describe('SH-04 Android is sent to /noAndroid', () => {
  it.each([
    ['android', true],
    ['androidFb', true],
    ['windowsPhone', true],
    ['startsWithAndroid', true],
    ['iPhone', false],
    ['messengerIos', false],
    ['windowsChrome', false],
  ] as const)('SH-04 %s → %s', (name, android) => expect(isAndroid(UA[name])).toBe(android));

  it('SH-10 iPhone-like detection (pixel-ratio rule)', () => {
    expect(isIPhoneLike(UA.iPhone)).toBe(true);
    expect(isIPhoneLike(UA.iPad)).toBe(true);
    expect(isIPhoneLike(UA.android)).toBe(false);
  });
});
