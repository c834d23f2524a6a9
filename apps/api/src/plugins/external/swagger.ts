import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod route schemas: /api/openapi.json and a docs page at /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: `${app.config.PRODUCT_NAME} API`,
          version: '0.1.0',
          description:
            'Borrower API. Errors are `{ code, message }`; state-changing calls take an `Idempotency-Key`.',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            // the operator console (issue 11): httpOnly session cookie + x-csrf-token on non-GET
            consoleCookie: { type: 'apiKey', in: 'cookie', name: 'pn_console' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'swagger' },
);
