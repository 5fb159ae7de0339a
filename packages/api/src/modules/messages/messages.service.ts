/**
 * Admin messages (decision 061). A message is always a row first (status scheduled) with a durable
 * job keyed by its id; "send now" delivers in the request right after, a scheduled one is delivered by whichever
 * process's job runner claims the job. Delivery takes the row in its transaction, so it happens once whoever
 * calls it and however often.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import {
  MESSAGE_MSG,
  MESSAGE_STATUS_LABELS,
  type AdminMessage,
  type SegmentFilter,
  type Segment,
  type StudentMessage,
  type StudentMessageList,
  messageInputSchema,
} from '@summit/domain';
import { AppError } from '@summit/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../http/context.ts';
import { beijingTime, keysetBatches, streamSheet, type SheetColumn } from '../../exports/sheet-stream.ts';
import type { AuthState } from '../../http/auth-state.ts';
import { sanitizeRichText } from '../../lib/content-sanitiser.ts';
import { deliverAfterCommit } from '../notifications/notifications.service.ts';
import { cancelJob, registerJobHandler, scheduleJob } from '../jobs/job-runner.ts';
import {
  countSegment,
  deleteScheduledMessageAudited,
  deleteSegmentAudited,
  deliverMessage,
  findSegment,
  insertMessageAudited,
  insertSegmentAudited,
  listMessagesWithStats,
  listSegments,
  listStudentNotices,
  countUnread,
  markAllNoticesRead,
  markNoticeRead,
  updateScheduledMessageAudited,
  type AdminMessageRow,
  type MessageStats,
  type MessageValues,
  type SegmentRow,
} from './messages.repo.ts';

export const MESSAGE_SEND_KIND = 'admin-message-send';
const jobKey = (id: number) => `${MESSAGE_SEND_KIND}:${id}`;

type ParsedInput = z.output<typeof messageInputSchema>;

/** Drops the unset fields, so a stored filter reads the same however it was sent. */
export function normaliseFilter(f: SegmentFilter): SegmentFilter {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== null && v !== undefined)) as SegmentFilter;
}

function toAdminMessage(m: AdminMessageRow, s: MessageStats): AdminMessage {
  return {
    id: m.id,
    title: m.title,
    body: m.body,
    format: m.format,
    filter: m.filter,
    segment_id: m.segmentId,
    segment_name: m.segmentName,
    sms: m.sms,
    status: m.status,
    send_at: m.sendAt.toISOString(),
    sent_at: m.sentAt?.toISOString() ?? null,
    recipients: m.recipientCount,
    delivered: s.delivered,
    read: s.read,
    sms_queued: s.smsQueued,
    sms_sent: s.smsSent,
    created_at: m.createdAt.toISOString(),
  };
}

const toSegment = (s: SegmentRow): Segment => ({ id: s.id, name: s.name, filter: s.filter, created_at: s.createdAt.toISOString() });

export function countRecipients(ctx: AppContext, filter: SegmentFilter): Promise<number> {
  return countSegment(ctx.db, normaliseFilter(filter));
}

// Segments ---------------------------------------------------------------------------------------------------------

export async function getSegments(ctx: AppContext): Promise<Segment[]> {
  return (await listSegments(ctx.db)).map(toSegment);
}

export async function createSegment(ctx: AppContext, auth: AuthState, input: { name: string; filter: SegmentFilter }): Promise<Segment> {
  const row = await insertSegmentAudited(ctx.db, { name: input.name, filter: normaliseFilter(input.filter), actorId: auth.accountId, now: ctx.now() });
  if (!row) throw AppError.param('name', MESSAGE_MSG.SEGMENT_NAME_TAKEN);
  return toSegment(row);
}

export async function removeSegment(ctx: AppContext, auth: AuthState, id: number): Promise<void> {
  if (!(await deleteSegmentAudited(ctx.db, id, auth.accountId, ctx.now()))) throw AppError.notFound(MESSAGE_MSG.SEGMENT_NOT_FOUND);
}

// Messages ---------------------------------------------------------------------------------------------------------

/** Checks and shapes the input: sanitised body, the segment's name, a send time in the future (or now). */
async function valuesOf(ctx: AppContext, input: ParsedInput): Promise<{ values: MessageValues; now: boolean }> {
  const current = ctx.now();
  let sendAt = current;
  if (input.send_at) {
    sendAt = new Date(input.send_at);
    if (sendAt.getTime() <= current.getTime()) throw AppError.param('send_at', MESSAGE_MSG.SEND_AT_PAST);
  }
  const body = input.format === 'html' ? sanitizeRichText(input.body) : input.body;
  if (body.replace(/<[^>]*>/g, '').trim() === '') throw AppError.param('body', MESSAGE_MSG.BODY_REQUIRED);
  let segmentName: string | null = null;
  if (input.segment_id != null) {
    const segment = await findSegment(ctx.db, input.segment_id);
    if (!segment) throw AppError.param('segment_id', MESSAGE_MSG.SEGMENT_NOT_FOUND);
    segmentName = segment.name;
  }
  const filter = normaliseFilter(input.filter);
  if ((await countSegment(ctx.db, filter)) === 0) throw AppError.param('filter', MESSAGE_MSG.NO_RECIPIENTS);
  return {
    values: { title: input.title, body, format: input.format, filter, segmentId: input.segment_id ?? null, segmentName, sms: input.sms, sendAt },
    now: !input.send_at,
  };
}

async function statsOf(ctx: AppContext, id: number): Promise<AdminMessage> {
  const [hit] = await listMessagesWithStats(ctx.db, { id });
  if (!hit) throw AppError.notFound(MESSAGE_MSG.NOT_FOUND);
  return toAdminMessage(hit.m, hit.s);
}

/** Sends now, or keeps it scheduled: the job is written in the message's transaction, so neither exists alone. */
export async function createMessage(ctx: AppContext, auth: AuthState, input: ParsedInput, log: FastifyBaseLogger): Promise<AdminMessage> {
  const { values, now } = await valuesOf(ctx, input);
  const row = await insertMessageAudited(ctx.db, values, auth.accountId, ctx.now(), async (tx, m) => {
    await scheduleJob(tx as unknown as Db, { kind: MESSAGE_SEND_KIND, key: jobKey(m.id), runAt: m.sendAt, payload: { id: m.id } });
  });
  if (now) await sendMessageNow(ctx, row.id, log);
  return statsOf(ctx, row.id);
}

/** Delivers now (the request's own send); the job, finding the message sent, does nothing. */
async function sendMessageNow(ctx: AppContext, id: number, log: FastifyBaseLogger): Promise<void> {
  const r = await deliverMessage(ctx.db, id, ctx.now());
  await cancelJob(ctx.db, jobKey(id));
  if (r) deliverAfterCommit(ctx, log, r.smsIds);
}

export async function updateMessage(ctx: AppContext, auth: AuthState, id: number, input: ParsedInput, log: FastifyBaseLogger): Promise<AdminMessage> {
  const { values, now } = await valuesOf(ctx, input);
  const r = await updateScheduledMessageAudited(ctx.db, id, values, auth.accountId, ctx.now(), async (tx, m) => {
    await scheduleJob(tx as unknown as Db, { kind: MESSAGE_SEND_KIND, key: jobKey(m.id), runAt: m.sendAt, payload: { id: m.id } });
  });
  if (r === 'missing') throw AppError.notFound(MESSAGE_MSG.NOT_FOUND);
  if (r === 'sent') throw AppError.message(MESSAGE_MSG.NOT_SCHEDULED);
  if (now) await sendMessageNow(ctx, id, log);
  return statsOf(ctx, id);
}

export async function deleteMessage(ctx: AppContext, auth: AuthState, id: number): Promise<void> {
  const r = await deleteScheduledMessageAudited(ctx.db, id, auth.accountId, ctx.now(), async (tx) => {
    await cancelJob(tx as unknown as Db, jobKey(id));
  });
  if (r === 'missing') throw AppError.notFound(MESSAGE_MSG.NOT_FOUND);
  if (r === 'sent') throw AppError.message(MESSAGE_MSG.NOT_SCHEDULED);
}

const MESSAGE_COLUMNS: readonly SheetColumn<AdminMessage>[] = [
  { header: '编号', value: (m) => m.id },
  { header: '标题', width: 30, value: (m) => m.title },
  { header: '分组', width: 16, value: (m) => m.segment_name ?? '' },
  { header: '状态', width: 8, value: (m) => MESSAGE_STATUS_LABELS[m.status] },
  { header: '计划发送时间', width: 17, value: (m) => beijingTime(m.send_at) },
  { header: '发送时间', width: 17, value: (m) => beijingTime(m.sent_at) },
  { header: '收件人数', value: (m) => m.recipients },
  { header: '送达数', value: (m) => m.delivered },
  { header: '已读数', value: (m) => m.read },
  { header: '短信', width: 6, value: (m) => (m.sms ? '是' : '否') },
  { header: '短信排队', value: (m) => m.sms_queued },
  { header: '短信已发', value: (m) => m.sms_sent },
  { header: '创建时间', width: 17, value: (m) => beijingTime(m.created_at) },
];

/** 消息 export (decisions 065, 066): every message with its delivered and read counts, oldest first, in keyset batches. */
export function exportMessages(ctx: AppContext): { fileName: string; stream: Readable } {
  const batches = keysetBatches(async (after, limit) => (await listMessagesWithStats(ctx.db, { after, limit })).map(({ m, s }) => toAdminMessage(m, s)), (m) => m.id, 200);
  const day = beijingTime(ctx.now()).slice(0, 10).replace(/-/g, '');
  return { fileName: `消息-${day}.xlsx`, stream: streamSheet('消息', MESSAGE_COLUMNS, batches) };
}

export async function getMessages(ctx: AppContext): Promise<AdminMessage[]> {
  return (await listMessagesWithStats(ctx.db)).map(({ m, s }) => toAdminMessage(m, s));
}

// The scheduled send (durable job, decision 038). The SMS rows it writes are sent by the notifications sweep.
registerJobHandler<{ id: number }>(MESSAGE_SEND_KIND, async (payload, _job, ctx) => {
  await deliverMessage(ctx.db, payload.id, ctx.now());
});

// Student side -----------------------------------------------------------------------------------------------------

const toStudentMessage = (n: Awaited<ReturnType<typeof listStudentNotices>>[number]): StudentMessage => ({
  id: n.id,
  title: n.title,
  body: n.body,
  format: n.format,
  created_at: n.createdAt.toISOString(),
  read_at: n.readAt?.toISOString() ?? null,
});

export async function getStudentMessages(ctx: AppContext, auth: AuthState): Promise<StudentMessageList> {
  const [items, unread] = await Promise.all([listStudentNotices(ctx.db, auth.accountId), countUnread(ctx.db, auth.accountId)]);
  return { unread, items: items.map(toStudentMessage) };
}

export async function getUnreadCount(ctx: AppContext, auth: AuthState): Promise<{ unread: number }> {
  return { unread: await countUnread(ctx.db, auth.accountId) };
}

/** Another student's notice is simply not found (no hint that it exists). */
export async function readStudentMessage(ctx: AppContext, auth: AuthState, id: number): Promise<StudentMessage> {
  const row = await markNoticeRead(ctx.db, auth.accountId, id, ctx.now());
  if (!row) throw AppError.notFound(MESSAGE_MSG.NOT_FOUND);
  return toStudentMessage(row);
}

export async function readAllStudentMessages(ctx: AppContext, auth: AuthState): Promise<{ unread: number }> {
  await markAllNoticesRead(ctx.db, auth.accountId, ctx.now());
  return { unread: 0 };
}
