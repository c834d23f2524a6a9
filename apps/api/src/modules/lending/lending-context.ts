import type { FastifyInstance } from 'fastify';
import { DEFAULT_DECISION_RULES, type DecisionRulesConfig } from '@pisonow/domain';
import { baseContext, type BaseContext } from '../../lib/base-context.ts';

/**
 * What the lending use cases need, built once by the lending plugin (`lendingContext(app)`).
 *
 * A use case is an exported function a route, a job or another module calls:
 * `verbNoun(ctx: LendingContext, input)` (decideApplication, decidePendingApplications,
 * recheckBorrower, seedDefaultProduct, saveProductConfig). Not use cases, and so left in their own shape:
 * `decisionFacts(db, …)` (the facts every decision reads), `currentProduct(db)` (the small read every pricing use case makes with its own `db`), the pure
 * `toStored`/`productConfigSchema` and `sandboxForcedOutcome`.
 */
export interface LendingContext extends BaseContext {
  /** sandbox mode honours the documented values that force an outcome */
  sandbox: boolean;
  /** the underwriting rules in force (BE-04), review routing included (issue 11) */
  decisionRules: DecisionRulesConfig;
}

export function lendingContext(app: FastifyInstance): LendingContext {
  return { ...baseContext(app), sandbox: app.config.SANDBOX, decisionRules: DEFAULT_DECISION_RULES };
}
