import { describe, expect, it } from 'vitest';
import { orderLabelText, type OrderLabel } from '@pisonow/domain';
import { cachedOrderLabelText } from './order-label-text.ts';

describe('the order label, looked up once (ST-01)', () => {
  it('ST-01 every language, label and day count gets its own text, the one the catalogue gives, also when asked again', () => {
    const labels: OrderLabel[] = [
      { key: 'disbursing' },
      { key: 'dueToday' },
      { key: 'settled' },
      { key: 'expiresIn', days: 1 },
      { key: 'expiresIn', days: 2 },
      { key: 'expiresIn', days: 14 },
      { key: 'extended', days: 8 },
      { key: 'overdue', days: 1 },
      { key: 'overdue', days: 3 },
    ];
    for (let round = 0; round < 2; round++)
      for (const locale of ['en-US', 'fil', 'zh-CN'] as const)
        for (const label of labels)
          expect(cachedOrderLabelText(label, locale), `${locale} ${JSON.stringify(label)}`).toBe(
            orderLabelText(label, locale),
          );
    expect(cachedOrderLabelText({ key: 'expiresIn', days: 2 }, 'en-US')).toBe('Expires in 2 days');
    expect(cachedOrderLabelText({ key: 'overdue', days: 1 }, 'en-US')).not.toBe(
      cachedOrderLabelText({ key: 'overdue', days: 3 }, 'en-US'),
    );
  });
});
