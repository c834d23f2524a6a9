import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PHOTO_UPLOAD_TYPES,
  photoLinkResponse,
  photoUploadResponse,
  uploadGrantRequest,
  uploadGrantResponse,
} from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { AppError } from '../../lib/app-error.ts';
import { issueUploadGrant } from './issue-upload-grant.ts';
import { receivePhotoUpload } from './receive-photo-upload.ts';
import { createPhotoLink } from './create-photo-link.ts';
import { servePhotoFile } from './serve-photo-file.ts';
import { PHOTO_LINK_TOKEN_PATTERN } from './photo-link-token.ts';
import { photosContext } from './photos-context.ts';

/** Photo upload grants, uploads and owner-only links (BE-03, VAL-16). HTTP only: parse, call, reply. */
const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = photosContext(app);
  const maxBytes = app.config.PHOTO_MAX_BYTES;
  // Raw image bodies, for this plugin's routes only (everything else stays JSON with a 1 MB limit).
  // HEIC and any other type get Fastify's 415 UNSUPPORTED_MEDIA_TYPE before any work is done.
  app.addContentTypeParser(
    [...PHOTO_UPLOAD_TYPES],
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/photos/upload-grants',
    {
      config: { auth: true, idempotency: 'optional' },
      schema: {
        tags: ['photos'],
        summary: 'A short-lived, single-use upload link for one photo',
        security: [{ bearer: [] }],
        body: uploadGrantRequest,
        response: { 201: uploadGrantResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const grant = await issueUploadGrant(ctx, {
        customerId: request.customer!.customerId,
        kind: request.body.kind,
      });
      return reply.status(201).send(grant);
    },
  );

  app.put(
    '/photos/uploads/:token',
    {
      bodyLimit: maxBytes,
      schema: {
        tags: ['photos'],
        summary: 'Upload the photo (raw image body); the token in the path is the credential',
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'NOT_FOUND' }) }),
        response: {
          201: photoUploadResponse,
          400: errorSchema,
          403: errorSchema,
          404: errorSchema,
          413: errorSchema,
          415: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE'); // Fastify's own text/plain parser gave a string
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const photo = await receivePhotoUpload(ctx, { token: request.params.token, contentType, body });
      return reply.status(201).send(photo);
    },
  );

  app.get(
    '/photos/:photoId/link',
    {
      config: { auth: true },
      schema: {
        tags: ['photos'],
        summary: 'A short-lived link to one of my photos (for an <img>)',
        security: [{ bearer: [] }],
        params: z.object({ photoId: z.uuid({ error: 'NOT_FOUND' }) }),
        response: { 200: photoLinkResponse, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      createPhotoLink(ctx, { customerId: request.customer!.customerId, photoId: request.params.photoId }),
  );

  app.get(
    '/photos/files/:token',
    {
      schema: {
        tags: ['photos'],
        summary: 'The photo behind a link (signed, expires)',
        // 200 is the image itself (a Buffer is sent as-is, never through a response serializer)
        params: z.object({ token: z.string().regex(PHOTO_LINK_TOKEN_PATTERN, { error: 'NOT_FOUND' }) }),
      },
    },
    async (request, reply) => {
      const file = await servePhotoFile(ctx, { token: request.params.token });
      // private: a shared cache must never keep someone's ID card; no longer than the link lives
      reply.header('cache-control', `private, max-age=${file.maxAgeSeconds}`);
      return reply.type(file.contentType).send(file.body);
    },
  );
};

export default photoRoutes;
