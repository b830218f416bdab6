import { auditLog, auditQuery, memberCase, moderationActionBody, moderationResult, reportQueue } from '../moderation';
import { z } from 'zod';
import { defineRoute } from './define';
import { anyIdParams } from './params';

/** Every /api/moderation/* route answers 403 to members. */
export const moderationApi = {
  reportQueue: defineRoute({
    method: 'GET',
    path: '/api/moderation/reports',
    access: 'moderator',
    summary: 'Open reports grouped by reported member: severity, then premium reporter, then age',
    response: reportQueue,
  }),
  memberCase: defineRoute({
    method: 'GET',
    path: '/api/moderation/members/:id',
    access: 'moderator',
    summary: "A member's case: every report against her with attached messages, and her history",
    params: anyIdParams,
    response: memberCase,
  }),
  act: defineRoute({
    method: 'POST',
    path: '/api/moderation/members/:id/actions',
    access: 'moderator',
    summary: 'Dismiss, warn, suspend (7 days or permanently) or lift a suspension; closes her open reports',
    params: anyIdParams,
    body: moderationActionBody,
    status: 201,
    response: moderationResult,
  }),
  reportMedia: defineRoute({
    method: 'GET',
    path: '/api/moderation/report-media/:id',
    access: 'moderator',
    summary: 'A photo or voice note frozen with a report (the copy taken when it was filed)',
    params: anyIdParams,
    response: z.custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array),
    binary: true,
  }),
  auditLog: defineRoute({
    method: 'GET',
    path: '/api/moderation/audit',
    access: 'moderator',
    summary: 'The append-only log of moderator actions, newest first',
    query: auditQuery,
    response: auditLog,
  }),
};
