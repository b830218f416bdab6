import {
  PHOTO_FIELD,
  photoList,
  profileDetail,
  reorderPhotosBody,
  statusBody,
  statusResponse,
  updateProfileBody,
} from '../profiles';
import { okBody } from '../http';
import { selfUser } from '../users';
import { z } from 'zod';
import { defineRoute } from './define';
import { anyIdParams, selfIdParams } from './params';

const photoParams = selfIdParams.extend({ photoId: z.string() });

export const profilesApi = {
  view: defineRoute({
    method: 'GET',
    path: '/api/users/:id',
    access: 'member',
    summary: "A member's public profile (reading records nothing; see recordView)",
    params: anyIdParams,
    response: profileDetail,
    limit: 'reads',
  }),
  recordView: defineRoute({
    method: 'POST',
    path: '/api/users/:id/views',
    access: 'member',
    summary: 'Record that she viewed a profile (an explicit POST: reading a profile records nothing)',
    params: anyIdParams,
    response: okBody,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/users/:id',
    access: { self: 'params.id' },
    summary: 'Edit her profile',
    params: selfIdParams,
    body: updateProfileBody,
    response: selfUser,
    limit: 'profile',
  }),
  listPhotos: defineRoute({
    method: 'GET',
    path: '/api/users/:id/photos',
    access: { self: 'params.id' },
    summary: 'Her photos, in order',
    params: selfIdParams,
    response: photoList,
  }),
  addPhoto: defineRoute({
    method: 'POST',
    path: '/api/users/:id/photos',
    access: { self: 'params.id' },
    summary: 'Upload a photo (multipart/form-data, one file)',
    params: selfIdParams,
    upload: { field: PHOTO_FIELD },
    status: 201,
    response: photoList,
    limit: 'uploads',
  }),
  reorderPhotos: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/photos/order',
    access: { self: 'params.id' },
    summary: 'Put her photos in a new order',
    params: selfIdParams,
    body: reorderPhotosBody,
    response: photoList,
    limit: 'profile',
  }),
  deletePhoto: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id/photos/:photoId',
    access: { self: 'params.id' },
    summary: 'Delete one of her photos',
    params: photoParams,
    response: photoList,
    limit: 'profile',
  }),
  getStatus: defineRoute({
    method: 'GET',
    path: '/api/users/:id/status',
    access: 'member',
    summary: "A member's 24-hour status",
    params: anyIdParams,
    response: statusResponse,
  }),
  setStatus: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/status',
    access: { self: 'params.id' },
    summary: 'Set her 24-hour status',
    params: selfIdParams,
    body: statusBody,
    response: statusResponse,
    limit: 'profile',
  }),
  clearStatus: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id/status',
    access: { self: 'params.id' },
    summary: 'Clear her status',
    params: selfIdParams,
    response: statusResponse,
    limit: 'profile',
  }),
};
