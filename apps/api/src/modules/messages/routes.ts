import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  markAllReadRequest,
  messageListQuery,
  messageListResponse,
  messageView,
  unreadCountResponse,
} from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { countUnread } from './count-unread.ts';
import { getMessage } from './get-message.ts';
import { listMessages } from './list-messages.ts';
import { markAllRead } from './mark-all-read.ts';
import { markMessageRead } from './mark-message-read.ts';
import { messagesContext } from './messages-context.ts';

const security = [{ bearer: [] }];
const messageId = z.object({ messageId: z.uuid({ error: 'NOT_FOUND' }) });

/** The message centre (EN-08): list by tab, one message, the unread count, read one, clear all. */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = messagesContext(app);

  app.get(
    '/messages',
    {
      config: { auth: true },
      schema: {
        tags: ['engagement'],
        summary: 'My messages, newest first (activity or notify), in my language',
        security,
        querystring: messageListQuery,
        response: { 200: messageListResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) =>
      listMessages(ctx, {
        customerId: request.customer!.customerId,
        query: request.query,
        locale: request.locale,
      }),
  );

  app.get(
    '/messages/unread-count',
    {
      config: { auth: true },
      schema: {
        tags: ['engagement'],
        summary: 'How many of my messages are unread (polled by the app for its badge)',
        security,
        response: { 200: unreadCountResponse, 401: errorSchema },
      },
    },
    async (request) => countUnread(ctx, { customerId: request.customer!.customerId }),
  );

  app.get(
    '/messages/:messageId',
    {
      config: { auth: true },
      schema: {
        tags: ['engagement'],
        summary: 'One of my messages',
        security,
        params: messageId,
        response: { 200: messageView, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      getMessage(ctx, {
        customerId: request.customer!.customerId,
        messageId: request.params.messageId,
        locale: request.locale,
      }),
  );

  app.post(
    '/messages/:messageId/read',
    {
      config: { auth: true, idempotency: 'optional' },
      schema: {
        tags: ['engagement'],
        summary: 'Mark one of my messages read',
        security,
        params: messageId,
        response: { 200: messageView, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      markMessageRead(ctx, {
        customerId: request.customer!.customerId,
        messageId: request.params.messageId,
        locale: request.locale,
      }),
  );

  app.post(
    '/messages/read-all',
    {
      config: { auth: true, idempotency: 'optional' },
      schema: {
        tags: ['engagement'],
        summary: 'Clear all unread (of one tab, if given)',
        security,
        body: markAllReadRequest,
        response: { 200: unreadCountResponse, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => markAllRead(ctx, { customerId: request.customer!.customerId, request: request.body }),
  );
};

export default messageRoutes;
