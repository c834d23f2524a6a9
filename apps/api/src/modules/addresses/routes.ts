import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema } from '../../lib/http.ts';
import { psgcDirectory } from './psgc-directory.ts';

const place = z.object({ code: z.string(), name: z.string() });
const code = z.string().regex(/^\d{10}$/, { error: 'NOT_FOUND' });

/**
 * Address pickers (province → city/municipality → barangay) from PSGC data. Public reference data:
 * cached by the browser for a day, and the same for everyone, so it needs no login.
 */
const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=86400');
  });

  app.get(
    '/addresses/provinces',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Provinces (and independent cities), PSGC',
        response: {
          200: z.object({ edition: z.string(), provinces: z.array(place.extend({ region: z.string() })) }),
        },
      },
    },
    async () => ({ edition: psgcDirectory().edition, provinces: psgcDirectory().provinces }),
  );

  app.get(
    '/addresses/provinces/:provinceCode/cities',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Cities and municipalities of a province',
        params: z.object({ provinceCode: code }),
        response: { 200: z.object({ cities: z.array(place) }), 404: errorSchema },
      },
    },
    async (request) => {
      const cities = psgcDirectory().citiesOf(request.params.provinceCode);
      if (!cities) throw new AppError('NOT_FOUND');
      return { cities };
    },
  );

  app.get(
    '/addresses/cities/:cityCode/barangays',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Barangays of a city or municipality',
        params: z.object({ cityCode: code }),
        response: { 200: z.object({ barangays: z.array(place) }), 404: errorSchema },
      },
    },
    async (request) => {
      const barangays = psgcDirectory().barangaysOf(request.params.cityCode);
      if (!barangays) throw new AppError('NOT_FOUND');
      return { barangays };
    },
  );
};

export default addressRoutes;
