export * from './enums.ts';
export * from './id-types.ts';
export * from './text-rules.ts';
export * from './payout-providers.ts';
export * from './contracts.ts';
export * from './view.ts';
