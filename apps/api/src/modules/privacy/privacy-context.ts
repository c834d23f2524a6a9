import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { baseContext, type BaseContext } from '../../lib/base-context.ts';
import type { RetentionContext } from './apply-retention.ts';

/**
 * What the borrower's privacy use cases need (BE-12): exportMyData, getDeletionRequest,
 * requestDeletion. The console's side (listDataRequests, completeDataRequest) uses the console's
 * context.
 */
export interface PrivacyContext extends BaseContext {
  company: Pick<Config, 'COMPANY_NAME' | 'COMPANY_SEC_REG_NO'>;
}

export function privacyContext(app: FastifyInstance): PrivacyContext {
  return { ...baseContext(app), company: app.config };
}

/** The retention job's context (BE-12): photo storage and the retention settings. */
export function retentionContext(app: FastifyInstance): RetentionContext {
  return {
    ...baseContext(app),
    storage: app.providers.storage,
    inactiveApplicantDays: app.config.RETENTION_INACTIVE_APPLICANT_DAYS,
    batchSize: app.config.RETENTION_BATCH_SIZE,
  };
}
