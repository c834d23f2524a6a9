export * from './pixels.ts';
export * from './metrics.ts';
export * from './quality.ts';
export * from './contracts.ts';
