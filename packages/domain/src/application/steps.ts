// Kept apart from contracts.ts (no zod here): home and the application's view need the list of steps,
// and importing it from contracts.ts would make every page that shows a status build all the
// application's form schemas first (the bundlers drop unused modules, not unused statements).
/** The application steps in the order the borrower meets them (routes of section 2). */
export const APPLICATION_STEPS = [
  'identityInfo',
  'baseInfo',
  'baseInfo2',
  'addressInfo',
  'contact',
  'workInfo',
  'bankInfo',
] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number];
