import { describe, expect, it } from 'vitest';
import { errorMessage } from '../errors.ts';
import { orderLabelText } from '../lending/order-state.ts';
import { renderMessage } from '../engagement/messages.ts';
import { translate } from './all.ts';

/** Issue 10: a count picks its plural form ("1 day" / "2 days"), one test per string that said "1 days". */
describe('issue 10 plural forms', () => {
  it('order labels: one day, N days; "tomorrow" where the language says so', () => {
    expect(orderLabelText({ key: 'overdue', days: 1 }, 'en-US')).toBe('Overdue by 1 day');
    expect(orderLabelText({ key: 'overdue', days: 2 }, 'en-US')).toBe('Overdue by 2 days');
    expect(orderLabelText({ key: 'expiresIn', days: 1 }, 'en-US')).toBe('Expires in 1 day');
    expect(orderLabelText({ key: 'expiresIn', days: 2 }, 'fil')).toBe('Mag-e-expire sa loob ng 2 araw');
    expect(orderLabelText({ key: 'expiresIn', days: 1 }, 'fil')).toBe('Mag-e-expire bukas');
    expect(orderLabelText({ key: 'extended', days: 1 }, 'fil')).toBe('Na-extend: dapat bayaran bukas');
    expect(orderLabelText({ key: 'extended', days: 21 }, 'en-US')).toBe('Extended: due in 21 days');
    expect(orderLabelText({ key: 'overdue', days: 1 }, 'zh-CN')).toBe('已逾期 1 天');
  });

  it('message centre: "1 day overdue"', () => {
    const title = (days: number, locale: 'en-US' | 'fil' | 'zh-CN') =>
      renderMessage('overdue', { amount: '100000', days }, locale).title;
    expect(title(1, 'en-US')).toBe('Your loan is 1 day overdue');
    expect(title(3, 'en-US')).toBe('Your loan is 3 days overdue');
    expect(title(3, 'fil')).toBe('3 araw nang lampas sa due date ang iyong loan');
    expect(title(3, 'zh-CN')).toBe('您的贷款已逾期 3 天');
  });

  it('login SMS: "expires in 1 minute" (was "1 minutes")', () => {
    const sms = (count: number) => translate('en-US', 'sms:loginCode', { product: 'P', code: '1234', count });
    expect(sms(1)).toContain('It expires in 1 minute.');
    expect(sms(5)).toContain('It expires in 5 minutes.');
  });

  it('reminder SMS: "1 day overdue"', () => {
    const sms = (count: number) =>
      translate('en-US', 'sms:reminder.overdue', { company: 'P', amount: '₱1', count });
    expect(sms(1)).toContain('Your loan is 1 day overdue.');
    expect(sms(4)).toContain('Your loan is 4 days overdue.');
  });

  it('errors: "try again in 1 minute" (was "1 minutes"), days past due', () => {
    expect(errorMessage('CONSOLE_LOCKED', 'en-US', { count: 1 })).toContain('try again in 1 minute.');
    expect(errorMessage('CONSOLE_LOCKED', 'en-US', { count: 15 })).toContain('try again in 15 minutes.');
    expect(errorMessage('CONSOLE_LOCKED', 'zh-CN', { count: 1 })).toContain('1 分钟');
    expect(errorMessage('WRITE_OFF_NOT_ELIGIBLE', 'en-US', { count: 180 })).toContain('at least 180 days');
    expect(errorMessage('HARDSHIP_NOT_ELIGIBLE', 'en-US', { count: 1 })).toContain('within 1 day.');
  });

  it('SH-01 fil: CLDR puts 0-3, 5, 7, 8, 10 in "one" and 4, 6, 9 in "other"; both forms read the same', () => {
    const forms = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => new Intl.PluralRules('fil').select(n));
    expect(forms.map((f, n) => `${n}:${f}`).filter((f) => f.endsWith('other'))).toEqual([
      '4:other',
      '6:other',
      '9:other',
    ]);
    // Filipino nouns do not inflect for number: one wording, whichever form CLDR picks
    const fil = (key: string, count: number, vars: Record<string, unknown> = {}) =>
      translate('fil', key, { count, ...vars });
    for (const [count, records, auto] of [
      [2, '2 gantimpala', '2 awtomatikong loan ang naipadala'],
      [4, '4 gantimpala', '4 awtomatikong loan ang naipadala'],
      [6, '6 gantimpala', '6 awtomatikong loan ang naipadala'],
    ] as const) {
      expect(fil('easyReloan:recordCount', count)).toBe(records);
      expect(fil('easyReloan:autoCount', count)).toBe(auto);
      expect(fil('easyReloan:next', count, { amount: '₱90.00' })).toBe(
        `${count} awtomatikong loan na. Ang susunod ay may gantimpalang ₱90.00.`,
      );
      expect(fil('documents:extensionDisclosure.extensionFeesValue', count, { amount: '₱1.00' })).toBe(
        `₱1.00 (${count} extension, kasama ang isang ito)`,
      );
    }
  });

  it('web: a term of one day reads "1 day" (was "1 days")', () => {
    expect(translate('en-US', 'lending:withdraw.days', { count: 1 })).toBe('1 day');
    expect(translate('en-US', 'lending:withdraw.days', { count: 14 })).toBe('14 days');
    const summary = (count: number) =>
      translate('en-US', 'lending:loan.summary', { amount: 'A', count, net: 'N', total: 'T', date: 'D' });
    expect(summary(1)).toBe('A for 1 day · you receive N · repay T by D');
    expect(summary(7)).toBe('A for 7 days · you receive N · repay T by D');
  });
});
