import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Tag } from 'antd';
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { TALENT_CONSENT_TEXT, TALENT_DESCRIPTION_MAX, TALENT_GUARDIAN_RELATIONS, TALENT_GUARDIAN_RELATION_LABELS, TALENT_KINDS, TALENT_MEDIA_MAX, TALENT_MSG, TALENT_TITLE_MAX, type StudentTalentShow, type TalentGalleryEntry, type TalentGuardianRelation, type TalentKind, type TalentMyEntry } from '@summit/domain/talent-show';
import type { UploadedFile } from '@summit/domain/uploader';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { FileUploader } from '../../components/file-uploader.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { PATHS } from '../../lib/paths.ts';
import { EntryPicture } from './entry-picture.tsx';
import { TS_KEYS, fetchStudentShow, likeEntry, sendEntry, withdrawEntry } from './talent-show-api.ts';
import { WINDOW_LABEL, consentLine, kindLabel, resultsLine, statusLabel, windowLine } from './talent-show-format.ts';
import './talent-show.css';

const PICTURE_ACCEPT = ['jpg', 'jpeg', 'png'] as const;

/** Up to six pictures: the ones uploaded, each removable, and a picker for the next. */
function PicturesField({ value = [], onChange, id }: { value?: UploadedFile[]; onChange?: (files: UploadedFile[]) => void; id?: string }) {
  const [round, setRound] = useState(0);
  return (
    <div className="ts-files" id={id}>
      {value.length > 0 ? (
        <ul aria-label="已上传的图片">
          {value.map((f) => (
            <li key={f.url}>
              <span>{f.name}</span>
              <Button size="small" onClick={() => onChange?.(value.filter((x) => x.url !== f.url))}>
                移除
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {value.length < TALENT_MEDIA_MAX ? (
        <FileUploader
          key={round}
          value={null}
          accept={PICTURE_ACCEPT}
          maxSize="10MB"
          hint={`支持 jpg、png 格式，单张不超过 10MB，最多 ${TALENT_MEDIA_MAX} 张`}
          onChange={(file) => {
            if (!file) return;
            onChange?.([...value, file]);
            setRound(round + 1);
          }}
        />
      ) : null}
    </div>
  );
}

interface EntryFormValues {
  title: string;
  kind: TalentKind;
  description: string;
  media: UploadedFile[];
  guardian_name: string;
  guardian_relation: TalentGuardianRelation;
  agreed: boolean;
}

function EntryForm({ show, entry, onDone, onCancel }: { show: NonNullable<StudentTalentShow['show']>; entry: TalentMyEntry | null; onDone: () => void; onCancel?: () => void }) {
  const [form] = Form.useForm<EntryFormValues>();
  const send = useMutation({
    mutationFn: (v: EntryFormValues) =>
      sendEntry({
        activity_id: show.activity_id,
        title: v.title,
        kind: v.kind,
        description: v.description ?? '',
        media: v.media ?? [],
        consent: { guardian_name: v.guardian_name ?? '', guardian_relation: v.guardian_relation, agreed: v.agreed === true ? true : (false as unknown as true) },
      }),
    onSuccess: () => {
      toast('success', TALENT_MSG.SUBMITTED);
      onDone();
    },
    onError: (e) => {
      if (!(e instanceof ApiError) || !e.field) return;
      const name = e.field.startsWith('consent') ? (e.field === 'consent' ? 'agreed' : e.field.replace('consent.', '')) : e.field.startsWith('media') ? 'media' : e.field;
      form.setFields([{ name: name as keyof EntryFormValues, errors: [e.msg] }]);
    },
  });
  const initial: Partial<EntryFormValues> = entry
    ? { title: entry.title, kind: entry.kind, description: entry.description, media: entry.files, guardian_name: entry.consent.guardian_name, guardian_relation: entry.consent.guardian_relation, agreed: false }
    : { media: [], agreed: false, description: '' };
  return (
    <Form form={form} layout="vertical" className="ts-form" initialValues={initial} onFinish={(v) => send.mutate(v)}>
      {entry ? <p className="ts-hint">修改后作品将重新审核；请监护人再次确认同意展示。</p> : null}
      <Form.Item name="title" label="作品名称" rules={[{ required: true, whitespace: true, message: TALENT_MSG.TITLE }, { max: TALENT_TITLE_MAX, message: TALENT_MSG.TITLE }]}>
        <Input maxLength={TALENT_TITLE_MAX} placeholder="例如：钢琴独奏《茉莉花》" />
      </Form.Item>
      <Form.Item name="kind" label="才艺类别" rules={[{ required: true, message: TALENT_MSG.KIND }]}>
        <Select placeholder="请选择" options={TALENT_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))} />
      </Form.Item>
      <Form.Item name="description" label="作品介绍" rules={[{ max: TALENT_DESCRIPTION_MAX, message: TALENT_MSG.DESCRIPTION }]}>
        <Input.TextArea rows={3} showCount maxLength={TALENT_DESCRIPTION_MAX} placeholder="创作或练习的故事、想表达什么" />
      </Form.Item>
      <Form.Item name="media" label="作品图片" rules={[{ validator: (_, v: UploadedFile[] | undefined) => (v && v.length > 0 ? Promise.resolve() : Promise.reject(new Error(TALENT_MSG.MEDIA))) }]} required>
        <PicturesField />
      </Form.Item>
      <fieldset className="ts-consent">
        <legend>监护人同意</legend>
        <p className="ts-hint">{TALENT_CONSENT_TEXT}</p>
        <div className="ts-consent__row">
          <Form.Item name="guardian_name" label="监护人姓名" rules={[{ required: true, whitespace: true, message: TALENT_MSG.GUARDIAN_NAME }, { max: 20, message: TALENT_MSG.GUARDIAN_NAME }]}>
            <Input maxLength={20} autoComplete="off" />
          </Form.Item>
          <Form.Item name="guardian_relation" label="与学生关系" rules={[{ required: true, message: TALENT_MSG.GUARDIAN_RELATION }]}>
            <Select placeholder="请选择" options={TALENT_GUARDIAN_RELATIONS.map((r) => ({ value: r, label: TALENT_GUARDIAN_RELATION_LABELS[r] }))} />
          </Form.Item>
        </div>
        <Form.Item name="agreed" valuePropName="checked" rules={[{ validator: (_, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(TALENT_MSG.CONSENT))) }]}>
          <Checkbox data-testid="talent-consent">监护人已阅读并同意以上说明</Checkbox>
        </Form.Item>
      </fieldset>
      <div className="ts-actions">
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          {entry ? '重新提交' : '提交作品'}
        </Button>
        {onCancel ? <Button onClick={onCancel}>取消</Button> : null}
      </div>
    </Form>
  );
}

function LikeButton({ entry, onToggled }: { entry: TalentGalleryEntry; onToggled: (liked: boolean, likes: number) => void }) {
  const toggle = useMutation({
    mutationFn: () => likeEntry(entry.id, !entry.liked_by_me),
    onSuccess: (r) => onToggled(r.liked, r.likes),
  });
  if (entry.mine)
    return (
      <span className="ts-likes" aria-label={`${entry.likes} 个赞`}>
        <HeartOutlined aria-hidden /> {entry.likes}
      </span>
    );
  return (
    <Button
      className="ts-like"
      aria-pressed={entry.liked_by_me}
      aria-label={`${entry.liked_by_me ? '取消点赞' : '点赞'}：${entry.title}，当前 ${entry.likes} 个赞`}
      icon={entry.liked_by_me ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}
      loading={toggle.isPending}
      onClick={() => toggle.mutate()}
      data-testid="talent-like"
    >
      <span data-testid="talent-like-count">{entry.likes}</span>
    </Button>
  );
}

function EntryCard({ entry, onOpen, onToggled }: { entry: TalentGalleryEntry; onOpen: () => void; onToggled: (liked: boolean, likes: number) => void }) {
  return (
    <li className="ts-card" data-testid="talent-gallery-entry">
      <button type="button" className="ts-card__open" onClick={onOpen} title="查看作品">
        <EntryPicture url={entry.media[0]?.url ?? null} alt={entry.title} kind={entry.kind} />
      </button>
      <div className="ts-card__body">
        <h3>{entry.title}</h3>
        <p className="ts-muted">
          {entry.student_name} · {kindLabel(entry.kind)}
          {entry.finalist_rank ? <Tag color="gold">入围</Tag> : null}
        </p>
        <LikeButton entry={entry} onToggled={onToggled} />
      </div>
    </li>
  );
}

function MyEntry({ data, onEdit }: { data: StudentTalentShow; onEdit: () => void }) {
  const qc = useQueryClient();
  const entry = data.my_entry!;
  const show = data.show!;
  const canChange = show.window === 'open' && !show.results_published;
  const withdraw = useMutation({
    mutationFn: () => withdrawEntry(entry.id),
    onSuccess: () => {
      toast('success', TALENT_MSG.WITHDRAWN);
      void qc.invalidateQueries({ queryKey: TS_KEYS.all });
    },
  });
  const tone = entry.status === 'approved' ? 'success' : entry.status === 'hidden' ? 'error' : 'warning';
  return (
    <div className="ts-mine" data-testid="talent-my-entry">
      <div className="ts-mine__head">
        <h3>{entry.title}</h3>
        <Tag color={tone} data-testid="talent-my-status">
          {statusLabel(entry.status)}
        </Tag>
      </div>
      <p className="ts-muted">
        {kindLabel(entry.kind)} · {entry.likes} 个赞
      </p>
      {entry.status === 'pending' ? <p className="ts-hint">老师审核通过后，作品将在作品展中展示。</p> : null}
      {entry.review_note ? <p className="ts-note">审核意见：{entry.review_note}</p> : null}
      {entry.description ? <p className="ts-desc">{entry.description}</p> : null}
      <div className="ts-thumbs">
        {entry.media.map((m) => (
          <EntryPicture key={m.id} url={m.url} alt={`${entry.title}：${m.name}`} kind={entry.kind} className="ts-picture--thumb" />
        ))}
      </div>
      <p className="ts-muted">{consentLine(entry.consent)}</p>
      {canChange ? (
        <div className="ts-actions">
          <Button onClick={onEdit}>修改作品</Button>
          <Popconfirm title="撤回作品？" description="撤回后作品、点赞与评分将一并删除，监护人授权同时撤回。" okText="撤回" cancelText="取消" onConfirm={() => withdraw.mutate()}>
            <Button danger loading={withdraw.isPending}>
              撤回作品
            </Button>
          </Popconfirm>
        </div>
      ) : null}
    </div>
  );
}

/** /student/talent-show — 才艺秀: my entry (submit, change, withdraw), the gallery of approved entries with likes, the finalists. */
export default function StudentTalentShowPage() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const activityId = Number(params.get('activity_id')) || undefined;
  const key = TS_KEYS.student(activityId);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchStudentShow(activityId, signal) });
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState<TalentGalleryEntry | null>(null);

  if (query.isPending) return <div className="ts-page"><LoadingState rows={6} /></div>;
  if (query.isError) return <div className="ts-page"><ErrorState onRetry={() => void query.refetch()} /></div>;
  const data = query.data;
  const show = data.show;
  if (!show)
    return (
      <div className="ts-page">
        <h1>才艺秀</h1>
        <EmptyState description={TALENT_MSG.NO_SHOW} />
      </div>
    );

  const setLike = (id: number, liked: boolean, likes: number) =>
    qc.setQueryData<StudentTalentShow>(key, (old) => (old ? { ...old, gallery: old.gallery.map((g) => (g.id === id ? { ...g, liked_by_me: liked, likes } : g)) } : old));
  const refresh = () => {
    setEditing(false);
    void qc.invalidateQueries({ queryKey: TS_KEYS.all });
  };
  const canSubmit = show.window === 'open' && !show.results_published && data.eligible;

  return (
    <div className="ts-page">
      <Link className="ts-back" to={PATHS.cardTalentShow}>
        ‹ 才艺秀活动介绍
      </Link>
      <header className="ts-intro">
        <div className="ts-intro__head">
          <h1>{show.title}</h1>
          <Tag color={show.window === 'open' ? 'success' : show.window === 'upcoming' ? 'warning' : 'default'}>{WINDOW_LABEL[show.window]}</Tag>
        </div>
        <p>{windowLine(show)}</p>
        <p>{resultsLine(show)}</p>
        {data.shows.length > 1 ? (
          <Select
            aria-label="选择才艺秀"
            className="ts-switch"
            value={show.activity_id}
            options={data.shows.map((s) => ({ value: s.id, label: s.title }))}
            onChange={(id: number) => setParams({ activity_id: String(id) })}
          />
        ) : null}
      </header>

      {data.finalists ? (
        <section className="ts-section" aria-labelledby="ts-finalists">
          <h2 id="ts-finalists">入围名单</h2>
          {data.finalists.length === 0 ? (
            <p className="ts-muted">本次才艺秀没有入围作品。</p>
          ) : (
            <ol className="ts-finalists" data-testid="talent-finalists">
              {data.finalists.map((f) => (
                <li key={f.entry_id}>
                  <strong>第 {f.rank} 名</strong> {f.title} · {f.student_name} · {f.average.toFixed(2)} 分
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}

      <section className="ts-section" aria-labelledby="ts-mine">
        <h2 id="ts-mine">我的作品</h2>
        {data.my_entry && !editing ? (
          <MyEntry data={data} onEdit={() => setEditing(true)} />
        ) : canSubmit ? (
          <EntryForm show={show} entry={editing ? data.my_entry : null} onDone={refresh} {...(editing ? { onCancel: () => setEditing(false) } : {})} />
        ) : (
          <p className="ts-muted">{show.window === 'upcoming' ? '作品征集尚未开始。' : '作品征集已结束，你没有提交作品。'}</p>
        )}
      </section>

      <section className="ts-section" aria-labelledby="ts-gallery">
        <h2 id="ts-gallery">作品展</h2>
        {data.gallery.length === 0 ? (
          <EmptyState description="还没有展示的作品" />
        ) : (
          <ul className="ts-gallery">
            {data.gallery.map((g) => (
              <EntryCard key={g.id} entry={g} onOpen={() => setOpen(g)} onToggled={(liked, likes) => setLike(g.id, liked, likes)} />
            ))}
          </ul>
        )}
      </section>

      <Modal open={open !== null} title={open?.title} footer={null} onCancel={() => setOpen(null)} width={720}>
        {open ? (
          <div className="ts-detail">
            <p className="ts-muted">
              {open.student_name} · {kindLabel(open.kind)} · {open.likes} 个赞
            </p>
            {open.description ? <p className="ts-desc">{open.description}</p> : null}
            {open.media.map((m) => (
              <EntryPicture key={m.id} url={m.url} alt={`${open.title}：${m.name}`} kind={open.kind} className="ts-picture--large" />
            ))}
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
