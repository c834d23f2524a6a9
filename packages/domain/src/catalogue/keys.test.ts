import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors.ts';
import { MESSAGE_EVENTS } from '../engagement/messages.ts';
import { DISPUTE_REJECTION_REASONS } from '../contracts/disputes.ts';
import { BALANCE_PARTS, LOAN_TRANSACTION_TYPES } from '../lending/loan-account.ts';
import { COMPLAINT_PROGRESS_STATUSES } from '../complaints.ts';
import { DEFAULT_LOCALE } from '../locale.ts';
import { catalogue } from './all.ts';

/**
 * Keys the code builds from a domain value (`errors:${code}`, `documents:statement.types.${type}`)
 * are not typed: every value of each list has its key (English; catalogue.test.ts holds the other
 * languages to English).
 */
const has = (key: string) => catalogue.exists(key, { lng: DEFAULT_LOCALE, fallbackLng: false, count: 2 });

describe('issue 10 every key the code builds exists', () => {
  it.each([
    ['errors', Object.keys(ERROR_CODES).map((c) => `errors:${c}`)],
    [
      'labels',
      ['underReview', 'canWithdraw', 'rejected', 'disbursing', 'payoutFailed', 'pendingRepayment', 'dueToday']
        .concat(['expiresIn', 'overdue', 'extended', 'settled', 'cancelled'])
        .map((k) => `labels:order.${k}`)
        .concat(['labels:orderTomorrow.expiresIn', 'labels:orderTomorrow.extended']),
    ],
    [
      'notifications',
      MESSAGE_EVENTS.filter((e) => e !== 'operator_notice')
        .flatMap((e) => [`notifications:${e}.title`, `notifications:${e}.body`])
        .concat(DISPUTE_REJECTION_REASONS.map((r) => `notifications:rejectionReason.${r}`))
        .concat(COMPLAINT_PROGRESS_STATUSES.map((s) => `notifications:complaint.${s}.title`)),
    ],
    [
      'documents',
      LOAN_TRANSACTION_TYPES.map((t) => `documents:statement.types.${t}`).concat(
        BALANCE_PARTS.map((p) => `documents:statement.parts.${p}`),
      ),
    ],
  ])('%s', (_, keys) => {
    expect(keys.filter((key) => !has(key))).toEqual([]);
  });
});
