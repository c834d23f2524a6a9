import type { FastifyInstance } from 'fastify';
import { moneyContext, type MoneyContext } from './money-context.ts';

/** Payment disputes (BE-10): finance's money context, and the photo links the receipts need. */
export interface DisputesContext extends MoneyContext {
  secretKey: Buffer;
  photoLinkSeconds: number;
}

export function disputesContext(app: FastifyInstance): DisputesContext {
  return { ...moneyContext(app), secretKey: app.secretKey, photoLinkSeconds: app.config.PHOTO_LINK_SECONDS };
}
