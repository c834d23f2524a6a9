import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { baseContext, type BaseContext } from '../../lib/base-context.ts';
import { prepareHomeStatement, type HomeStatement } from './get-home-summary.ts';

/**
 * What the home use case needs, built once by the home plugin (`homeContext(app)`).
 *
 * A use case is an exported `verbNoun(ctx: HomeContext, input)`: getHomeSummary.
 */
export interface HomeContext extends BaseContext {
  support: Pick<Config, 'SUPPORT_EMAIL' | 'HOTLINE' | 'WEB_EMAIL' | 'WEBSITE'>;
  /** the home query, prepared once (issue 8) */
  homeStatement: HomeStatement;
}

export function homeContext(app: FastifyInstance): HomeContext {
  return { ...baseContext(app), support: app.config, homeStatement: prepareHomeStatement(app.database) };
}
