import {
  EASY_RELOAN_ACTIVATION_VOUCHER,
  EASY_RELOAN_AGREEMENT_VERSION,
  EASY_RELOAN_DISCOUNT,
  EASY_RELOAN_REWARD_LADDER,
  formatPeso,
  type Locale,
} from '@pisonow/domain';

/**
 * The Easy Re-loan agreement (ST-08, VAL-12), in the borrower's language. It states what the
 * switch does before the borrower agrees: the next loan is booked and paid out without asking again,
 * on a fresh credit check and a fresh disclosure statement, and how to stop it. The figures come
 * from the domain's constants, so the text cannot promise other rewards than the rules grant.
 */
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Figures {
  voucher: string;
  ladder: string;
  last: string;
  discount: string;
  company: string;
}

const TEXT: Record<Locale, { title: string; clauses: (f: Figures) => string[] }> = {
  'en-US': {
    title: 'Easy Re-loan Agreement',
    clauses: (f) => [
      `While Easy Re-loan is on, when your current loan with ${f.company} is fully repaid we book your next loan automatically, at the largest amount you may borrow then and the same term, and pay it out to your payout account on file. You do not need to apply or sign again: your signature on the loan agreement and sanction letter stands for these loans.`,
      'Every automatic loan is booked only if our credit check passes again on that day, at the prices and within the legal caps in force that day. Its disclosure statement is kept with the loan and shown in the app before the money is sent; read it on the bill page.',
      'You may cancel an automatic loan within 24 hours of receiving the money through customer service: you return the principal and we reverse every charge.',
      `The first time you switch Easy Re-loan on, you receive a ${f.voucher} repayment voucher. Each automatic loan paid out earns a repayment voucher: ${f.ladder}, then ${f.last} each, while the loans follow one another without a break. A break (Easy Re-loan switched off, or an automatic loan that could not be made) starts the rewards again at the first step. Every automatic loan also gets a ${f.discount} discount on its fees.`,
      `You may switch Easy Re-loan off at any time, except that once you have used the ${f.voucher} voucher you cannot switch it off until one automatic loan has been paid out. If you switch it off before the first automatic loan and have not used the voucher, the voucher is withdrawn.`,
      'Your data is used for this service as our privacy policy describes. You have the right to a copy of this agreement; it is kept in the app.',
    ],
  },
  fil: {
    title: 'Kasunduan sa Easy Re-loan',
    clauses: (f) => [
      `Habang naka-on ang Easy Re-loan, kapag buo mo nang nabayaran ang kasalukuyan mong loan sa ${f.company}, awtomatiko naming ibu-book ang susunod mong loan sa pinakamalaking halagang puwede mong hiramin sa araw na iyon at sa parehong termino, at ipapadala ito sa payout account na nasa file. Hindi mo na kailangang mag-apply o pumirma ulit: ang pirma mo sa loan agreement at sanction letter ay para rin sa mga loan na ito.`,
      'Ibu-book lang ang bawat awtomatikong loan kung papasa ulit ang credit check namin sa araw na iyon, sa mga presyo at sa loob ng mga legal na limitasyon na umiiral noon. Nakatago ang disclosure statement nito kasama ng loan at ipinapakita sa app bago ipadala ang pera; basahin ito sa pahina ng bill.',
      'Puwede mong kanselahin ang isang awtomatikong loan sa loob ng 24 oras mula nang matanggap mo ang pera, sa pamamagitan ng customer service: ibabalik mo ang principal at ibabalik namin ang lahat ng singil.',
      `Sa unang pag-on mo ng Easy Re-loan, makakatanggap ka ng ${f.voucher} na voucher sa pagbabayad. Bawat awtomatikong loan na naipadala ay may gantimpalang voucher sa pagbabayad: ${f.ladder}, pagkatapos ay ${f.last} bawat isa, habang sunod-sunod ang mga loan nang walang patid. Kapag naputol (pinatay ang Easy Re-loan, o hindi nagawa ang isang awtomatikong loan), babalik sa unang hakbang ang gantimpala. May ${f.discount} na diskuwento rin sa mga singil ng bawat awtomatikong loan.`,
      `Puwede mong i-off ang Easy Re-loan anumang oras, maliban kung nagamit mo na ang ${f.voucher} na voucher: hindi mo ito mai-o-off hangga't wala pang isang awtomatikong loan na naipadala. Kung i-off mo ito bago ang unang awtomatikong loan at hindi mo pa nagagamit ang voucher, babawiin ang voucher.`,
      'Ginagamit ang iyong data para sa serbisyong ito ayon sa aming privacy policy. May karapatan ka sa kopya ng kasunduang ito; nakatago ito sa app.',
    ],
  },
  'zh-CN': {
    title: '轻松续借协议',
    clauses: (f) => [
      `开启轻松续借后，当您在 ${f.company} 的当前贷款全部还清时，我们会自动为您办理下一笔贷款：金额为您当天可借的最高额度，期限相同，并放款到您登记的收款账户。您无需再次申请或签名：您在借款协议和批准函上的签名同样适用于这些贷款。`,
      '每笔自动贷款只有在当天重新通过信用审核时才会办理，价格和法定上限以当天有效的为准。贷款的披露声明随贷款保存，并在放款前于应用内展示；请在账单页面阅读。',
      '收到款项后 24 小时内，您可以通过客服取消自动贷款：您退还本金，我们撤销全部费用。',
      `首次开启轻松续借时，您将获得 ${f.voucher} 还款券。每成功放款一笔自动贷款，您将获得还款券：${f.ladder}，之后每笔 ${f.last}，前提是贷款连续不断。若中断（关闭轻松续借，或某笔自动贷款未能办理），奖励将从第一档重新开始。每笔自动贷款的费用还可减免 ${f.discount}。`,
      `您可随时关闭轻松续借；但若您已使用 ${f.voucher} 还款券，则需在一笔自动贷款放款后才能关闭。若您在首笔自动贷款前关闭且未使用该券，该券将被收回。`,
      '我们按照隐私政策将您的数据用于本服务。您有权获得本协议的副本；协议保存在应用内。',
    ],
  },
};

export function easyReloanAgreement(locale: Locale, company: string): { version: string; html: string } {
  const text = TEXT[locale] ?? TEXT['en-US'];
  const peso = (c: bigint) => formatPeso(c);
  const figures: Figures = {
    voucher: peso(EASY_RELOAN_ACTIVATION_VOUCHER),
    ladder: EASY_RELOAN_REWARD_LADDER.slice(0, -1).map(peso).join(', '),
    last: peso(EASY_RELOAN_REWARD_LADDER.at(-1)!),
    discount: peso(EASY_RELOAN_DISCOUNT),
    company,
  };
  const clauses = text
    .clauses(figures)
    .map((c) => `<li>${esc(c)}</li>`)
    .join('');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${esc(text.title)}</title></head><body><article><h1>${esc(text.title)}</h1><p>${esc(EASY_RELOAN_AGREEMENT_VERSION)}</p><ol>${clauses}</ol></article></body></html>`;
  return { version: EASY_RELOAN_AGREEMENT_VERSION, html };
}
