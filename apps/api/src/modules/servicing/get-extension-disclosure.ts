import { and, eq } from 'drizzle-orm';
import type { Locale } from '@pisonow/domain';
import { extensionDisclosures, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import type { ServicingContext } from './servicing-context.ts';

/**
 * My copy of an extension's disclosure statement (CO-02, RA 3765: the right to a copy), exactly as
 * it was shown when I started paying for that extension attempt, with its hash and language.
 * Another borrower's order or attempt is simply not found.
 */
export async function getExtensionDisclosure(
  ctx: Pick<ServicingContext, 'db'>,
  input: { customerId: string; orderId: string; repaymentId: string },
): Promise<{ html: string; sha256: string; locale: Locale }> {
  const [kept] = await ctx.db
    .select({
      html: extensionDisclosures.html,
      sha256: extensionDisclosures.sha256,
      locale: extensionDisclosures.locale,
    })
    .from(extensionDisclosures)
    .innerJoin(orders, eq(orders.id, extensionDisclosures.orderId))
    .where(
      and(
        ownedBy(orders, input.customerId, eq(orders.id, input.orderId)),
        eq(extensionDisclosures.repaymentId, input.repaymentId),
      ),
    );
  if (!kept) throw new AppError('NOT_FOUND');
  return kept;
}
