import { okBody } from '../http';
import { block, blockList, createBlockBody, createReportBody, reportList, safetySummary } from '../safety';
import { defineRoute } from './define';
import { anyIdParams, userIdParams } from './params';

export const safetyApi = {
  block: defineRoute({
    method: 'POST',
    path: '/api/blocks',
    access: { self: 'body.blockerId' },
    summary: 'Block a member: neither sees the other again until she unblocks',
    body: createBlockBody,
    status: 201,
    response: block,
    limit: 'blocks',
  }),
  listBlocks: defineRoute({
    method: 'GET',
    path: '/api/blocks/:userId',
    access: { self: 'params.userId' },
    summary: "The session user's blocks, newest first",
    params: userIdParams,
    response: blockList,
  }),
  unblock: defineRoute({
    method: 'DELETE',
    path: '/api/blocks/:id',
    access: 'member',
    summary: 'Unblock',
    params: anyIdParams,
    response: okBody,
    limit: 'blocks',
  }),
  report: defineRoute({
    method: 'POST',
    path: '/api/reports',
    access: { self: 'body.reporterId' },
    summary: 'Report a member by id or username; accepted the same way whoever is named',
    body: createReportBody,
    status: 202,
    response: okBody,
    limit: 'reports',
  }),
  listReports: defineRoute({
    method: 'GET',
    path: '/api/reports/:userId',
    access: { self: 'params.userId' },
    summary: 'Reports the session user filed, with their status (never the action taken)',
    params: userIdParams,
    response: reportList,
  }),
  summary: defineRoute({
    method: 'GET',
    path: '/api/safety/:userId/summary',
    access: { self: 'params.userId' },
    summary: "The Safety Center's counters for the session user",
    params: userIdParams,
    response: safetySummary,
  }),
};
