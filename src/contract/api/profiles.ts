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
    summary: "A member's public profile (reading records nothing; see recordView)",
    params: anyIdParams,
    response: profileDetail,
  }),
  recordView: defineRoute({
    method: 'POST',
    path: '/api/users/:id/views',
    summary: 'Record that she viewed a profile (an explicit POST: reading a profile records nothing)',
    params: anyIdParams,
    response: okBody,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/users/:id',
    summary: 'Edit her profile',
    params: selfIdParams,
    idIsUser: true,
    body: updateProfileBody,
    response: selfUser,
    limit: 'profile',
  }),
  listPhotos: defineRoute({
    method: 'GET',
    path: '/api/users/:id/photos',
    summary: 'Her photos, in order',
    params: selfIdParams,
    idIsUser: true,
    response: photoList,
  }),
  addPhoto: defineRoute({
    method: 'POST',
    path: '/api/users/:id/photos',
    summary: 'Upload a photo (multipart/form-data, one file)',
    params: selfIdParams,
    idIsUser: true,
    upload: { field: PHOTO_FIELD },
    status: 201,
    response: photoList,
    limit: 'uploads',
  }),
  reorderPhotos: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/photos/order',
    summary: 'Put her photos in a new order',
    params: selfIdParams,
    idIsUser: true,
    body: reorderPhotosBody,
    response: photoList,
    limit: 'profile',
  }),
  deletePhoto: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id/photos/:photoId',
    summary: 'Delete one of her photos',
    params: photoParams,
    idIsUser: true,
    response: photoList,
    limit: 'profile',
  }),
  getStatus: defineRoute({
    method: 'GET',
    path: '/api/users/:id/status',
    summary: "A member's 24-hour status",
    params: anyIdParams,
    response: statusResponse,
  }),
  setStatus: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/status',
    summary: 'Set her 24-hour status',
    params: selfIdParams,
    idIsUser: true,
    body: statusBody,
    response: statusResponse,
    limit: 'profile',
  }),
  clearStatus: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id/status',
    summary: 'Clear her status',
    params: selfIdParams,
    idIsUser: true,
    response: statusResponse,
    limit: 'profile',
  }),
};
