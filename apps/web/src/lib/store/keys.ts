/**
 * localStorage keys of section 3 (SH-11), in a module of their own: the first-data script
 * (app/router/first-data-script.ts) reads the session before the app's code has arrived, and its
 * build step must not load the store to learn where.
 */
export const CO_CORE_KEY = 'coCore';
export const USER_INFO_KEY = 'userInfo';
