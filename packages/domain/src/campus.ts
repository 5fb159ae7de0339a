/**
 * Campus (decision 106): interest clusters and clubs with a capacity that students join and leave.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { boundedStringSchema, queryIdSchema, requestObjectSchema } from './api/common.ts';

export const CLUSTER_CAPACITY_MAX = 500;
export const CLUSTER_NAME_MAX = 40;
export const CLUSTER_DESCRIPTION_MAX = 1000;

export const CAMPUS_MSG = {
  CLUSTER_NOT_FOUND: '社团不存在',
  CLUSTER_FULL: '社团已满员',
  JOINED: '已加入社团',
  LEFT: '已退出社团',
  CREATED: '社团已创建',
  NAME: '请填写社团名称（不超过 40 字）',
  CAPACITY: '人数上限须为 1–500 的整数',
  NAME_TAKEN: '已有同名社团',
} as const;

/** Audit action codes and entity of the campus writes, with their Chinese labels for the 操作日志. */
export const CAMPUS_AUDIT_LABELS = {
  actions: { 'cluster.create': '创建社团' },
  entities: { campus_cluster: '社团' },
} as const;

export const clusterIdParamsSchema = z.object({ id: queryIdSchema });

export const clusterInputSchema = requestObjectSchema({
  name: boundedStringSchema(CLUSTER_NAME_MAX + 40).trim().min(1, { error: CAMPUS_MSG.NAME }).max(CLUSTER_NAME_MAX, { error: CAMPUS_MSG.NAME }),
  description: boundedStringSchema(CLUSTER_DESCRIPTION_MAX).trim().default(''),
  capacity: z.number({ error: MSG.PARAM_INVALID }).int({ error: CAMPUS_MSG.CAPACITY }).min(1, { error: CAMPUS_MSG.CAPACITY }).max(CLUSTER_CAPACITY_MAX, { error: CAMPUS_MSG.CAPACITY }),
});
export type ClusterInput = z.infer<typeof clusterInputSchema>;

export const clusterSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  capacity: z.number(),
  members: z.number(),
  joined: z.boolean(),
});
export type Cluster = z.infer<typeof clusterSchema>;
export const clusterListSchema = z.object({ items: z.array(clusterSchema) });
export type ClusterList = z.infer<typeof clusterListSchema>;
