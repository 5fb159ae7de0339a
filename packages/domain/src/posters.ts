import { z } from 'zod';

/** Server-rendered share posters (decision 107): the kinds, the template shape and the built-in templates. */
export const POSTER_KINDS = ['talent-hunt', 'enroll'] as const;
export type PosterKind = (typeof POSTER_KINDS)[number];
export const posterKindSchema = z.enum(POSTER_KINDS, { error: '海报类型不存在' });

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, '颜色格式应为 #RRGGBB');
/** A text slot: `text` may hold {name}, {school} and {programme} placeholders. */
export const posterTextSlotSchema = z.strictObject({
  text: z.string().min(1).max(60),
  x: z.number().int().min(0).max(1080),
  y: z.number().int().min(0).max(1920),
  size: z.number().int().min(12).max(120),
  color: hex,
  align: z.enum(['left', 'center', 'right']).default('left'),
});
export const posterTemplateSchema = z.strictObject({
  width: z.number().int().min(300).max(1080),
  height: z.number().int().min(400).max(1920),
  background: hex,
  accent: hex,
  texts: z.array(posterTextSlotSchema).min(1).max(12),
  qr: z.strictObject({ x: z.number().int().min(0).max(1080), y: z.number().int().min(0).max(1920), size: z.number().int().min(80).max(600) }),
});
export type PosterTemplate = z.infer<typeof posterTemplateSchema>;
export type PosterTextSlot = z.infer<typeof posterTextSlotSchema>;

export const POSTER_LABELS: Record<PosterKind, string> = { 'talent-hunt': '星探计划', enroll: '报名海报' };

export const DEFAULT_POSTER_TEMPLATES: Record<PosterKind, PosterTemplate> = {
  'talent-hunt': {
    width: 750,
    height: 1200,
    background: '#1f3a68',
    accent: '#f4b400',
    texts: [
      { text: '{programme}', x: 375, y: 150, size: 40, color: '#ffffff', align: 'center' },
      { text: '星探计划', x: 375, y: 300, size: 96, color: '#f4b400', align: 'center' },
      { text: '{name} 邀请你一起参加', x: 375, y: 460, size: 40, color: '#ffffff', align: 'center' },
      { text: '{school}', x: 375, y: 530, size: 32, color: '#c9d6ee', align: 'center' },
      { text: '长按识别二维码，了解项目并报名', x: 375, y: 1110, size: 28, color: '#ffffff', align: 'center' },
    ],
    qr: { x: 235, y: 640, size: 280 },
  },
  enroll: {
    width: 750,
    height: 1200,
    background: '#0f5c4d',
    accent: '#ffd166',
    texts: [
      { text: '{programme}', x: 375, y: 150, size: 40, color: '#ffffff', align: 'center' },
      { text: '暑期学术项目 报名中', x: 375, y: 300, size: 64, color: '#ffd166', align: 'center' },
      { text: '{name} 推荐', x: 375, y: 460, size: 40, color: '#ffffff', align: 'center' },
      { text: '{school}', x: 375, y: 530, size: 32, color: '#cfe8e1', align: 'center' },
      { text: '扫码报名，与全国高中生一起学习', x: 375, y: 1110, size: 28, color: '#ffffff', align: 'center' },
    ],
    qr: { x: 235, y: 640, size: 280 },
  },
};

export const posterResultSchema = z.object({
  kind: posterKindSchema,
  hash: z.string(),
  url: z.string(),
  filename: z.string(),
  /** The landing URL the QR carries (with the signed referral code). */
  link: z.string(),
});
export type PosterResult = z.infer<typeof posterResultSchema>;
export const posterHashParamsSchema = z.strictObject({ hash: z.string().regex(/^[0-9a-f]{64}\.png$/, '海报不存在') });
export const posterKindParamsSchema = z.strictObject({ kind: posterKindSchema });
