import { adminMessageListSchema, adminMessageSchema, recipientCountSchema, segmentListSchema, segmentSchema, type MessageInput, type SegmentFilter } from '@summit/domain/api/messages';
import { api } from '../../../lib/api-client.ts';

/** The admin's 消息 tab (decision 061). */
export const MESSAGE_ADMIN_KEYS = {
  messages: ['admin', 'messages'] as const,
  segments: ['admin', 'message-segments'] as const,
  count: (f: SegmentFilter) => ['admin', 'messages', 'count', f] as const,
};

const MESSAGE_FIELDS = ['title', 'body', 'format', 'send_at'] as const;
const sig = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchMessages = (signal?: AbortSignal) => api.get('/admin/messages', { schema: adminMessageListSchema, ...sig(signal) });
export const sendMessage = (body: MessageInput) => api.post('/admin/messages', body, { schema: adminMessageSchema, fieldNames: MESSAGE_FIELDS });
export const updateMessage = (id: number, body: MessageInput) => api.request(`/admin/messages/${id}`, { method: 'PUT', body, schema: adminMessageSchema, fieldNames: MESSAGE_FIELDS });
export const deleteMessage = (id: number) => api.request(`/admin/messages/${id}`, { method: 'DELETE' });
export const countRecipients = (filter: SegmentFilter, signal?: AbortSignal) => api.post('/admin/messages/recipient-count', { filter }, { schema: recipientCountSchema, ...sig(signal) });
export const fetchSegments = (signal?: AbortSignal) => api.get('/admin/message-segments', { schema: segmentListSchema, ...sig(signal) });
export const saveSegment = (name: string, filter: SegmentFilter) => api.post('/admin/message-segments', { name, filter }, { schema: segmentSchema, fieldNames: ['name'] });
export const deleteSegment = (id: number) => api.request(`/admin/message-segments/${id}`, { method: 'DELETE' });
