import { describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@pisonow/domain/contracts/public-config';
import { createAttribution, noopAttribution, promotionParams, type AttributionSdk } from './attribution.ts';
import { attributionEnabled } from './enabled.ts';

const production: Pick<PublicConfig, 'attribution' | 'sandbox'> = {
  sandbox: false,
  attribution: { appToken: 'abc123def456', sdkUrl: 'https://cdn.example/sdk.js', registrationEvent: 'reg01' },
};

function fakeSdk() {
  const sdk: AttributionSdk = { initSdk: vi.fn(), trackEvent: vi.fn() };
  const load = vi.fn(async () => sdk);
  return { sdk, load };
}

describe('attribution adapter (SH-16)', () => {
  it('SH-16 outside production (no attribution in the config) nothing loads and nothing starts', () => {
    const { sdk, load } = fakeSdk();
    const adapter = createAttribution({ sandbox: false, attribution: null }, load);
    adapter.registered({ customerId: 'c1', promotion: { campaign: 'fb' } });
    expect(adapter).toBe(noopAttribution);
    expect(adapter.active).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(sdk.initSdk).not.toHaveBeenCalled();
  });

  it('SH-16 a sandbox server never gets the SDK, even with a token configured', () => {
    const { load } = fakeSdk();
    const adapter = createAttribution({ ...production, sandbox: true }, load);
    expect(adapter.active).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('SH-16 the shell loads the adapter only where it would attribute (one rule for both)', () => {
    expect(attributionEnabled(production)).toBe(true);
    expect(attributionEnabled({ ...production, sandbox: true })).toBe(false);
    expect(attributionEnabled({ sandbox: false, attribution: null })).toBe(false);
    expect(
      attributionEnabled({ sandbox: false, attribution: { ...production.attribution!, appToken: '' } }),
    ).toBe(false);
  });

  it('SH-16 in production the SDK loads from the configured URL and starts with the configured token', async () => {
    const { sdk, load } = fakeSdk();
    const adapter = createAttribution(production, load);
    expect(adapter.active).toBe(true);
    expect(load).toHaveBeenCalledWith('https://cdn.example/sdk.js');
    await vi.waitFor(() =>
      expect(sdk.initSdk).toHaveBeenCalledWith({ appToken: 'abc123def456', environment: 'production' }),
    );
    expect(sdk.initSdk).toHaveBeenCalledTimes(1);
  });

  it('SH-16 SH-07 a registration reaches the SDK with the promotion fields', async () => {
    const { sdk, load } = fakeSdk();
    const adapter = createAttribution(production, load);
    adapter.registered({
      customerId: 'c1',
      promotion: { campaign: 'summer', adgroup: 'ph-18-35', creative: 'v2' },
    });
    const promotion = [
      { key: 'campaign', value: 'summer' },
      { key: 'adgroup', value: 'ph-18-35' },
      { key: 'creative', value: 'v2' },
    ];
    await vi.waitFor(() =>
      expect(sdk.trackEvent).toHaveBeenCalledWith({
        eventToken: 'reg01',
        callbackParams: [{ key: 'customer_id', value: 'c1' }, ...promotion],
        partnerParams: promotion,
      }),
    );
  });

  it('SH-16 a script that fails to load breaks nothing', async () => {
    const adapter = createAttribution(production, () => Promise.reject(new Error('blocked')));
    expect(() => adapter.registered({ customerId: 'c1', promotion: undefined })).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
  });

  it('SH-07 empty promotion fields are left out', () => {
    expect(promotionParams({ campaign: 'x' })).toEqual([{ key: 'campaign', value: 'x' }]);
    expect(promotionParams(undefined)).toEqual([]);
  });
});
