import { DATA_CATEGORIES, type DataCategory, type Locale } from '@pisonow/domain';
import { esc, page } from '../orders/loan-documents.ts';
import type { MyDataExport } from './export-my-data.ts';

/**
 * The readable copy of "download my data" (BE-12): the same export as the JSON, grouped by
 * category with headings in the borrower's language, each record as a field/value table. Long
 * texts (the signed documents) are shortened here; the JSON copy carries them whole.
 */
const TEXT: Record<
  Locale,
  {
    title: string;
    intro: (date: string) => string;
    categories: Record<DataCategory, string>;
    records: (n: number) => string;
    none: string;
    shortened: (n: number) => string;
    withheldTitle: string;
    withheld: string;
  }
> = {
  'en-US': {
    title: 'Your data at PisoNow',
    intro: (date) =>
      `Everything we hold about you on ${date}, by category. The same data, complete and machine-readable, is in the JSON copy you can download from the same page (Data Privacy Act, RA 10173, s.16(c)).`,
    categories: {
      identity: 'Identity, application and consents',
      loans: 'Loans, payments and decisions',
      credit_reports: 'Credit reports',
      contact_details: 'Contact details',
      device_and_sessions: 'Devices, sessions and logins',
      engagement: 'Messages, coupons and feedback',
    },
    records: (n) => (n === 1 ? '1 record' : `${n} records`),
    none: 'Nothing held.',
    shortened: (n) => `(shortened: ${n} characters in the JSON copy)`,
    withheldTitle: 'Kept out of this file, and why',
    withheld:
      'One-time codes and hashed secrets (they would help someone break into your account), your sealed ID number (shown masked instead), the lender’s double-entry books (the same movements are listed under your loans) and providers’ technical messages.',
  },
  fil: {
    title: 'Ang iyong data sa PisoNow',
    intro: (date) =>
      `Lahat ng hawak naming impormasyon tungkol sa iyo noong ${date}, ayon sa kategorya. Ang parehong data, buo at nababasa ng makina, ay nasa JSON na kopya na maaari mong i-download sa parehong pahina (Data Privacy Act, RA 10173, s.16(c)).`,
    categories: {
      identity: 'Pagkakakilanlan, aplikasyon at mga pahintulot',
      loans: 'Mga utang, bayad at desisyon',
      credit_reports: 'Mga ulat sa kredito',
      contact_details: 'Mga detalye sa pakikipag-ugnayan',
      device_and_sessions: 'Mga device, session at pag-login',
      engagement: 'Mga mensahe, kupon at feedback',
    },
    records: (n) => (n === 1 ? '1 talaan' : `${n} talaan`),
    none: 'Walang hawak.',
    shortened: (n) => `(pinaikli: ${n} karakter sa JSON na kopya)`,
    withheldTitle: 'Hindi isinama sa file na ito, at bakit',
    withheld:
      'Mga one-time code at naka-hash na lihim (makatutulong ang mga ito sa pagpasok ng iba sa iyong account), ang iyong selyadong ID number (ipinapakita nang naka-mask), ang double-entry na talaan ng nagpapautang (nakalista ang parehong galaw sa ilalim ng iyong mga utang) at mga teknikal na mensahe ng mga provider.',
  },
  'zh-CN': {
    title: '您在 PisoNow 的数据',
    intro: (date) =>
      `截至 ${date} 我们持有的关于您的全部数据，按类别列出。完整的机器可读版本（JSON）可在同一页面下载（《数据隐私法》RA 10173 第16(c)条）。`,
    categories: {
      identity: '身份、申请及同意记录',
      loans: '借款、还款及审批决定',
      credit_reports: '征信报送',
      contact_details: '联系方式',
      device_and_sessions: '设备、会话及登录',
      engagement: '消息、优惠券及反馈',
    },
    records: (n) => `${n} 条记录`,
    none: '无数据。',
    shortened: (n) => `（已截短：JSON 版本中共 ${n} 个字符）`,
    withheldTitle: '未包含在本文件中的内容及原因',
    withheld:
      '一次性验证码及哈希后的密钥（可能被他人用来登录您的账户）、加密保存的证件号码（以掩码形式显示）、贷款方的复式记账账簿（相同的资金变动已列在您的借款下）以及服务商的技术消息。',
  },
};

const LIMIT = 300;

function cell(value: unknown, t: (typeof TEXT)[Locale]): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > LIMIT ? `${text.slice(0, LIMIT)}… ${t.shortened(text.length)}` : text;
}

export function myDataHtml(data: MyDataExport, locale: Locale, date: string): string {
  const t = TEXT[locale];
  const sections = DATA_CATEGORIES.map((category) => {
    const tables = data.tables.filter((x) => x.category === category && x.rows.length > 0);
    const body = tables.length
      ? tables
          .map(
            (x) =>
              `<h3>${esc(x.name)} · ${esc(t.records(x.rows.length))}</h3>\n` +
              x.rows
                .map(
                  (row) =>
                    `<table>${Object.entries(row)
                      .map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(cell(v, t))}</td></tr>`)
                      .join('')}</table>`,
                )
                .join('\n'),
          )
          .join('\n')
      : `<p>${esc(t.none)}</p>`;
    return `<h2>${esc(t.categories[category])}</h2>\n${body}`;
  }).join('\n');
  return page(
    t.title,
    `<p>${esc(t.intro(date))}</p>\n${sections}\n<h2>${esc(t.withheldTitle)}</h2>\n<p>${esc(t.withheld)}</p>`,
    locale,
  );
}
