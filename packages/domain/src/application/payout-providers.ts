/**
 * Where a borrower can receive money (EN-05): Philippine banks (InstaPay/PESONet participants),
 * e-wallets, and remittance pickup partners. Codes are ours; the payout adapter maps them to each
 * provider's own channel codes.
 */
export const PAYOUT_CHANNELS = ['bank', 'ewallet', 'remittance'] as const;
export type PayoutChannel = (typeof PAYOUT_CHANNELS)[number];

export interface PayoutProvider {
  code: string;
  name: string;
  channel: PayoutChannel;
}

const banks: [string, string][] = [
  ['BDO', 'BDO Unibank'],
  ['BPI', 'Bank of the Philippine Islands (BPI)'],
  ['MBTC', 'Metrobank'],
  ['LBP', 'Land Bank of the Philippines'],
  ['PNB', 'Philippine National Bank (PNB)'],
  ['SECB', 'Security Bank'],
  ['UBP', 'UnionBank of the Philippines'],
  ['RCBC', 'RCBC'],
  ['CBC', 'China Banking Corporation (Chinabank)'],
  ['EWB', 'EastWest Bank'],
  ['DBP', 'Development Bank of the Philippines'],
  ['AUB', 'Asia United Bank'],
  ['PSB', 'PSBank'],
  ['BOC', 'Bank of Commerce'],
  ['PBCOM', 'PBCOM'],
  ['ROBINSONS', 'Robinsons Bank'],
  ['SBC', 'Sterling Bank of Asia'],
  ['MAYBANK', 'Maybank Philippines'],
  ['CTBC', 'CTBC Bank Philippines'],
  ['PVB', 'Philippine Veterans Bank'],
  ['CIMB', 'CIMB Bank Philippines'],
  ['GOTYME', 'GoTyme Bank'],
  ['TONIK', 'Tonik Digital Bank'],
  ['SEABANK', 'SeaBank Philippines'],
  ['UNO', 'UNOBank'],
  ['OFB', 'Overseas Filipino Bank'],
  ['CARD', 'CARD Bank'],
  ['1BANK', 'Producers Bank'],
];
const ewallets: [string, string][] = [
  ['GCASH', 'GCash'],
  ['MAYA', 'Maya'],
  ['SHOPEEPAY', 'ShopeePay'],
  ['GRABPAY', 'GrabPay'],
  ['COINSPH', 'Coins.ph'],
  ['PALAWANPAY', 'Palawan Pay'],
];
const remittance: [string, string][] = [
  ['CEBUANA', 'Cebuana Lhuillier'],
  ['PALAWAN', 'Palawan Express Pera Padala'],
  ['MLHUILLIER', 'M Lhuillier'],
  ['LBC', 'LBC Express'],
  ['RDPAWNSHOP', 'RD Pawnshop'],
  ['VILLARICA', 'Villarica Pawnshop'],
];

export const PAYOUT_PROVIDERS: readonly PayoutProvider[] = [
  ...banks.map(([code, name]) => ({ code, name, channel: 'bank' as const })),
  ...ewallets.map(([code, name]) => ({ code, name, channel: 'ewallet' as const })),
  ...remittance.map(([code, name]) => ({ code, name, channel: 'remittance' as const })),
];

const byCode = new Map(PAYOUT_PROVIDERS.map((p) => [p.code, p]));
export function payoutProvider(code: string): PayoutProvider | undefined {
  return byCode.get(code);
}
