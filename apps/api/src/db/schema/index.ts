export * from './customers.ts';
export * from './auth.ts';
export * from './platform.ts';
export * from './application.ts';
export * from './lending.ts';
export * from './servicing.ts';
