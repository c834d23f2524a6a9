import type { Locale } from '@pisonow/domain';

/**
 * The login SMS in the borrower's language. It repeats the fraud warning (SH-17): impersonators
 * ask for this code, and staff never do.
 */
export function loginCodeSms(
  locale: Locale,
  vars: { product: string; code: string; minutes: number },
): string {
  const { product, code, minutes } = vars;
  switch (locale) {
    case 'fil':
      return `[${product}] Ang iyong login code ay ${code}. Mag-e-expire ito sa loob ng ${minutes} minuto. Huwag itong ibigay kaninuman; hindi ito hihingin ng aming staff.`;
    case 'zh-CN':
      return `【${product}】您的登录验证码为 ${code}，${minutes} 分钟内有效。请勿告诉任何人，我们的工作人员绝不会向您索取。`;
    default:
      return `[${product}] Your login code is ${code}. It expires in ${minutes} minutes. Never share it; our staff will never ask for it.`;
  }
}
