import { PAYOUT_PROVIDERS, type PayoutChannel } from '@pisonow/domain';
import type { Option } from './fields.tsx';

/** Payout providers of one channel (or all) as picker options, the code as the second line. */
export function providerOptions(channel?: PayoutChannel | ''): Option[] {
  return PAYOUT_PROVIDERS.filter((p) => !channel || p.channel === channel).map((p) => ({
    value: p.code,
    label: p.name,
  }));
}
