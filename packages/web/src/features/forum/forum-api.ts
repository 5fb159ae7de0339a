import { z } from 'zod';
import {
  forumBoardSchema,
  forumLikeStateSchema,
  forumModeratedSchema,
  forumPostDetailSchema,
  forumPostPageSchema,
  forumQueueSchema,
  forumWrittenSchema,
  type ForumPostEdit,
  type ForumPostInput,
} from '@summit/domain/forum';
import { api } from '../../lib/api-client.ts';

/** Students read and write under /student/forum, teachers (and admins as teachers) under /teacher/forum. */
export type ForumArea = 'student' | 'teacher';

export const FORUM_KEYS = {
  all: ['forum'] as const,
  boards: (area: ForumArea) => ['forum', area, 'boards'] as const,
  posts: (area: ForumArea, board: number, page: number) => ['forum', area, 'posts', board, page] as const,
  post: (area: ForumArea, id: number) => ['forum', area, 'post', id] as const,
  queue: ['forum', 'queue'] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
const boardList = z.array(forumBoardSchema);

export const fetchBoards = (area: ForumArea, signal?: AbortSignal) => api.get(`/${area}/forum/boards`, { schema: boardList, ...withSignal(signal) });
export const fetchPosts = (area: ForumArea, board: number, page: number, signal?: AbortSignal) =>
  api.get(`/${area}/forum/boards/${board}/posts`, { schema: forumPostPageSchema, query: { page }, ...withSignal(signal) });
export const fetchPost = (area: ForumArea, id: number, signal?: AbortSignal) => api.get(`/${area}/forum/posts/${id}`, { schema: forumPostDetailSchema, ...withSignal(signal) });
export const createPost = (area: ForumArea, body: ForumPostInput) => api.post(`/${area}/forum/posts`, body, { schema: forumWrittenSchema, fieldNames: ['title', 'body'] });
export const editPost = (area: ForumArea, id: number, body: ForumPostEdit) => api.request(`/${area}/forum/posts/${id}`, { method: 'PUT', body, schema: forumWrittenSchema, fieldNames: ['title', 'body'] });
export const deletePost = (area: ForumArea, id: number) => api.request(`/${area}/forum/posts/${id}`, { method: 'DELETE' });
export const replyTo = (area: ForumArea, postId: number, body: string) => api.post(`/${area}/forum/posts/${postId}/replies`, { body }, { schema: forumWrittenSchema, fieldNames: ['body'] });
export const deleteReply = (area: ForumArea, id: number) => api.request(`/${area}/forum/replies/${id}`, { method: 'DELETE' });
export const setLike = (postId: number, on: boolean) => api.request(`/student/forum/posts/${postId}/likes`, { method: on ? 'POST' : 'DELETE', schema: forumLikeStateSchema });
export const reportPost = (postId: number, reason: string) => api.post(`/student/forum/posts/${postId}/reports`, { reason }, { fieldNames: ['reason'] });

/** Moderation: teachers on /teacher (their boards), the console on /admin (every board). */
export type ModerationArea = 'teacher' | 'admin';
export const fetchQueue = (area: ModerationArea, signal?: AbortSignal) => api.get(`/${area}/forum/queue`, { schema: forumQueueSchema, ...withSignal(signal) });
export const moderate = (area: ModerationArea, kind: 'post' | 'reply', id: number, action: 'hide' | 'restore', reason: string) =>
  api.post(`/${area}/forum/${kind === 'post' ? 'posts' : 'replies'}/${id}/${action}`, { reason }, { schema: forumModeratedSchema });
