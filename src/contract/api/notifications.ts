import { likesReceived, likesReceivedQuery, noticeList, notificationCount, potentialMatchList } from '../notifications';
import { defineRoute } from './define';

export const notificationsApi = {
  likesReceived: defineRoute({
    method: 'GET',
    path: '/api/notifications/likes-received',
    access: 'member',
    summary: "Likes waiting for her swipe (who they are is Premium); `mode` keeps one deck's",
    query: likesReceivedQuery,
    response: likesReceived,
  }),
  potentialMatches: defineRoute({
    method: 'GET',
    path: '/api/notifications/potential-matches',
    access: 'member',
    summary: 'Her best-scored candidates (Premium)',
    response: potentialMatchList,
  }),
  count: defineRoute({
    method: 'GET',
    path: '/api/notifications/count',
    access: 'member',
    summary: 'The bell count: likes waiting for her swipe',
    response: notificationCount,
  }),
};

export const noticesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notifications/notices',
    access: 'member',
    summary: 'Her in-app notices, newest first, with the unread count',
    response: noticeList,
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/notices/read',
    access: 'member',
    summary: 'Mark all her notices read',
    response: noticeList,
  }),
};
