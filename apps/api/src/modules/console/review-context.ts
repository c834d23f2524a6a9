import type { FastifyInstance } from 'fastify';
import { DEFAULT_DECISION_RULES, type DecisionRulesConfig } from '@pisonow/domain';
import { consoleContext, type ConsoleContext } from './console-context.ts';

/**
 * The console's review queue, switches and collections log (issue 11): the console context plus the
 * defaults those read: the decision rules in force (for the retry date a rejection suggests) and the
 * environment's value of the bank-change maintenance switch (RO-02).
 */
export interface ReviewContext extends ConsoleContext {
  decisionRules: DecisionRulesConfig;
  bankChangeMaintenanceDefault: boolean;
}

export function reviewContext(app: FastifyInstance): ReviewContext {
  return {
    ...consoleContext(app),
    decisionRules: DEFAULT_DECISION_RULES,
    bankChangeMaintenanceDefault: app.config.BANK_CHANGE_MAINTENANCE,
  };
}
