import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { complaintListResponse, complaintRequest, complaintView } from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { complaintsContext } from './complaints-context.ts';
import { fileComplaint } from './file-complaint.ts';
import { getMyComplaint } from './get-my-complaint.ts';
import { listMyComplaints } from './list-my-complaints.ts';

const tags = ['complaints'];
const security = [{ bearer: [] }];

/** Complaints (BE-11, RA 11765, SEC MC 5 s.2023): the borrower's side. HTTP only here. */
const complaintRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = complaintsContext(app);

  app.post(
    '/complaints',
    {
      config: { auth: true, idempotency: 'required' },
      schema: {
        tags,
        summary: 'File a complaint: a ticket number, its promised resolution date (Idempotency-Key required)',
        security,
        body: complaintRequest,
        response: { 201: complaintView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const filed = await fileComplaint(ctx, {
        customerId: request.customer!.customerId,
        request: request.body,
        locale: request.locale,
      });
      return reply.status(201).send(filed);
    },
  );

  app.get(
    '/complaints',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: 'My complaints, newest first',
        security,
        response: { 200: complaintListResponse, 401: errorSchema },
      },
    },
    async (request) =>
      listMyComplaints(ctx, { customerId: request.customer!.customerId, locale: request.locale }),
  );

  app.get(
    '/complaints/:complaintId',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: 'One of my complaints (anyone else’s is not found)',
        security,
        params: z.object({ complaintId: z.uuid({ error: 'NOT_FOUND' }) }),
        response: { 200: complaintView, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      getMyComplaint(ctx, {
        customerId: request.customer!.customerId,
        complaintId: request.params.complaintId,
        locale: request.locale,
      }),
  );
};

export default complaintRoutes;
