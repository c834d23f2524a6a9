import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Photo upload grants, uploads and owner-only links (BE-03): being built (issue 3). */
const photoRoutes: FastifyPluginAsyncZod = async () => {};

export default photoRoutes;
