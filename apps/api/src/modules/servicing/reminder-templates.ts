import type { Locale } from '@pisonow/domain';

export type ReminderKind = 'due_soon' | 'due_today' | 'overdue';

/**
 * Reminder SMS in the borrower's language: the amount, the date, how to pay, and no threat
 * (SEC MC 18 s.2019). Every message names the lender and says the app is the only place to pay.
 */
export function reminderSms(
  locale: Locale,
  kind: ReminderKind,
  v: { amount: string; dueDate: string; days: number; company: string },
): string {
  const dayWord = { 'en-US': v.days === 1 ? 'day' : 'days', fil: 'araw', 'zh-CN': '天' }[locale];
  const texts: Record<Locale, Record<ReminderKind, string>> = {
    'en-US': {
      due_soon: `[${v.company}] Your loan payment of ${v.amount} is due tomorrow, ${v.dueDate}. Pay or extend in the app.`,
      due_today: `[${v.company}] Your loan payment of ${v.amount} is due today. Pay or extend in the app to avoid late charges.`,
      overdue: `[${v.company}] Your loan is ${v.days} ${dayWord} overdue. Amount due now: ${v.amount}. Pay in the app; call us if you need help.`,
    },
    fil: {
      due_soon: `[${v.company}] Ang bayad sa iyong loan na ${v.amount} ay due bukas, ${v.dueDate}. Magbayad o mag-extend sa app.`,
      due_today: `[${v.company}] Ang bayad sa iyong loan na ${v.amount} ay due ngayon. Magbayad o mag-extend sa app para walang late charge.`,
      overdue: `[${v.company}] Lampas na ng ${v.days} ${dayWord} ang iyong loan. Babayaran ngayon: ${v.amount}. Magbayad sa app; tumawag kung kailangan mo ng tulong.`,
    },
    'zh-CN': {
      due_soon: `【${v.company}】您的借款 ${v.amount} 将于明天（${v.dueDate}）到期。请在应用内还款或展期。`,
      due_today: `【${v.company}】您的借款 ${v.amount} 今天到期。请在应用内还款或展期，以免产生滞纳金。`,
      overdue: `【${v.company}】您的借款已逾期 ${v.days} ${dayWord}。当前应还：${v.amount}。请在应用内还款；如需帮助请联系我们。`,
    },
  };
  return texts[locale][kind];
}
