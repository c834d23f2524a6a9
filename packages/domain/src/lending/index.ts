export * from './product.ts';
export * from './pricing.ts';
export * from './compliance.ts';
export * from './order-state.ts';
export * from './decision.ts';
export * from './ledger.ts';
export * from './loan-account.ts';
export * from './loan-lifecycle.ts';
