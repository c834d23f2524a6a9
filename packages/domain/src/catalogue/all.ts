import { createCatalogue, setCatalogue } from './index.ts';
import { RESOURCES } from './resources.ts';

/**
 * The server's catalogue: every language, every namespace, set as the domain's instance on import.
 * Server code that renders text imports `translate` from here, so the catalogue is always loaded.
 */
export const catalogue = createCatalogue(RESOURCES);
setCatalogue(catalogue);

export { translate } from './index.ts';
