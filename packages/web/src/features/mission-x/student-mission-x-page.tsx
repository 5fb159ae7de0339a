import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Input } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { MISSION_FILES_MAX, MISSION_IMAGE_EXTENSIONS, MISSION_TEXT_MAX, MISSION_VIDEO_EXTENSIONS, MISSION_X_MSG, type StudentMission, type StudentMissionBoard } from '@summit/domain/mission-x';
import type { UploadedFile } from '@summit/domain/uploader';
import { chineseMonthDayTime } from '@summit/domain/programme-terms';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { FileUploader } from '../../components/file-uploader.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { PATHS } from '../../lib/paths.ts';
import { MX_KEYS, fetchStudentBoard, sendHandIn, type HandInForm } from './mission-x-api.ts';
import { HandInFiles } from './hand-in-files.tsx';
import { deliverablesText, handInAction, statusLabel, statusTone } from './mission-x-format.ts';
import './mission-x.css';

const STATE_LABEL = { open: '进行中', upcoming: '即将开始', closed: '已截止' } as const;
const MEDIA_ACCEPT = [...MISSION_IMAGE_EXTENSIONS, ...MISSION_VIDEO_EXTENSIONS];

function FilesField({ value, onChange, accept }: { value: UploadedFile[]; onChange: (files: UploadedFile[]) => void; accept: readonly string[] }) {
  const [round, setRound] = useState(0);
  return (
    <div className="mx-files">
      {value.length > 0 ? (
        <ul aria-label="已上传的文件">
          {value.map((f) => (
            <li key={f.url}>
              <span>🖼 {f.name}</span>
              <Button size="small" onClick={() => onChange(value.filter((x) => x.url !== f.url))}>
                移除
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {value.length < MISSION_FILES_MAX ? (
        <FileUploader
          key={round}
          value={null}
          accept={accept}
          maxSize="10MB"
          onChange={(file) => {
            if (!file) return;
            onChange([...value, file]);
            setRound(round + 1);
          }}
        />
      ) : null}
    </div>
  );
}

/** The hand-in form inside a mission's card: only the parts the mission asks for. */
function HandInPanel({ mission, mediaAllowed, onDone, onCancel }: { mission: StudentMission; mediaAllowed: boolean; onDone: () => void; onCancel: () => void }) {
  const prior = mission.hand_in;
  const [form, setForm] = useState<HandInForm>({ text: prior?.text ?? '', files: prior?.files ?? [], video_url: prior?.video_url ?? '', people_consent: prior ? prior.files.length > 0 || prior.video_url !== '' : false });
  const [fieldError, setFieldError] = useState<{ field: string; msg: string } | null>(null);
  const asks = (d: 'text' | 'image' | 'video') => mission.deliverables.includes(d);
  const media = form.files.length > 0 || form.video_url.trim() !== '';
  const id = `mx-${mission.id}`;
  const send = useMutation({
    mutationFn: () => sendHandIn(mission.id, { ...form, video_url: form.video_url.trim() }),
    onSuccess: () => {
      toast('success', MISSION_X_MSG.HANDED_IN);
      onDone();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.field) setFieldError({ field: e.field, msg: e.msg });
    },
  });
  const errorOf = (field: string) =>
    fieldError?.field === field ? (
      <p className="mx-error" role="alert" id={`${id}-${field}-error`}>
        {fieldError.msg}
      </p>
    ) : null;
  return (
    <form
      className="mx-form"
      aria-label={`提交「${mission.title}」`}
      onSubmit={(e) => {
        e.preventDefault();
        setFieldError(null);
        send.mutate();
      }}
    >
      {asks('text') ? (
        <div className="mx-field">
          <label htmlFor={`${id}-text`}>文字</label>
          <Input.TextArea
            id={`${id}-text`}
            value={form.text}
            maxLength={MISSION_TEXT_MAX}
            autoSize={{ minRows: 4, maxRows: 12 }}
            placeholder="写下你的回答"
            aria-invalid={fieldError?.field === 'text'}
            onChange={(e) => setForm({ ...form, text: e.target.value })}
          />
          {errorOf('text')}
        </div>
      ) : null}
      {(asks('image') || (asks('video') && MISSION_VIDEO_EXTENSIONS.length > 0)) && mediaAllowed ? (
        <div className="mx-field">
          <span className="mx-label">{asks('image') ? '图片' : '视频文件'}</span>
          <FilesField value={form.files} onChange={(files) => setForm({ ...form, files })} accept={asks('image') ? (asks('video') ? MEDIA_ACCEPT : MISSION_IMAGE_EXTENSIONS) : MISSION_VIDEO_EXTENSIONS} />
          {errorOf('files')}
        </div>
      ) : null}
      {asks('video') && mediaAllowed ? (
        <div className="mx-field">
          <label htmlFor={`${id}-video`}>视频链接</label>
          <Input id={`${id}-video`} value={form.video_url} inputMode="url" placeholder="https://（先上传到视频网站，再粘贴链接）" onChange={(e) => setForm({ ...form, video_url: e.target.value })} />
          {errorOf('video_url')}
        </div>
      ) : null}
      {(asks('image') || asks('video')) && !mediaAllowed ? <p className="mx-note">{MISSION_X_MSG.GUARDIAN_CONSENT}</p> : null}
      {media ? (
        <div className="mx-field">
          <Checkbox checked={form.people_consent} onChange={(e) => setForm({ ...form, people_consent: e.target.checked })}>
            我确认：图片或视频中出现的每个人都已同意被拍摄并提交给老师
          </Checkbox>
          {errorOf('people_consent')}
        </div>
      ) : null}
      <p className="mx-hint">提交仅老师可见。老师批阅前可以修改；被退回后可以重新提交。</p>
      <div className="mx-actions">
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          {prior ? '保存并提交' : '提交'}
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </div>
    </form>
  );
}

function MissionCard({ mission, board, onChanged }: { mission: StudentMission; board: StudentMissionBoard; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const h = mission.hand_in;
  const action = handInAction(mission.state, h);
  const tone = statusTone(h);
  return (
    <li className={`mx-card mx-card--${mission.state}`}>
      <div className="mx-card__head">
        <h3>{mission.title}</h3>
        <span className={`mx-tag mx-tag--${mission.state}`}>{STATE_LABEL[mission.state]}</span>
      </div>
      <p className="mx-meta">
        <span>截止 {chineseMonthDayTime(mission.due_at)}</span>
        <span>提交：{deliverablesText(mission.deliverables)}</span>
        <span>学院杯 +{mission.points}</span>
        {mission.badge_criterion ? <span>通过可获徽章</span> : null}
      </p>
      <p className="mx-brief">{mission.brief}</p>
      <div className="mx-status" aria-label="我的提交">
        <span className={`mx-tag mx-tag--${tone}`}>{statusLabel(h)}</span>
        {h?.status === 'accepted' && h.points_awarded > 0 ? <span className="mx-muted">已为{h.points_house ?? board.house?.name ?? '你的学院'}赢得 {h.points_awarded} 分</span> : null}
        {h ? <span className="mx-muted">提交于 {chineseMonthDayTime(h.submitted_at)}</span> : null}
      </div>
      {h && h.comment ? (
        <blockquote className="mx-comment">
          <strong>{h.reviewer?.name ?? '老师'}的评语：</strong>
          {h.comment}
        </blockquote>
      ) : null}
      {h && !open ? (
        <div className="mx-mine">
          {h.text ? <p className="mx-brief">{h.text}</p> : null}
          <HandInFiles files={h.files} videoUrl={h.video_url} />
        </div>
      ) : null}
      {open ? (
        <HandInPanel
          mission={mission}
          mediaAllowed={board.media_allowed}
          onCancel={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onChanged();
          }}
        />
      ) : (
        <div className="mx-actions">
          <Button type={action.enabled && h?.status !== 'submitted' ? 'primary' : 'default'} disabled={!action.enabled} onClick={() => setOpen(true)}>
            {action.label}
          </Button>
        </div>
      )}
    </li>
  );
}

/** /student/card/mission-x: the missions of the Mission X activities the student takes part in, and their hand-ins. */
export default function StudentMissionXPage() {
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const focusId = Number(params.get('id')) || null;
  const q = useQuery({ queryKey: MX_KEYS.student, queryFn: ({ signal }) => fetchStudentBoard(signal) });
  let body;
  if (q.isPending) body = <LoadingState rows={5} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else {
    const board = q.data;
    // The hub opens one activity (?id=): its missions only, when the student takes part in it.
    const focus = board.activities.find((a) => a.id === focusId) ?? null;
    const missions = focus ? board.missions.filter((m) => m.activity_id === focus.id) : board.missions;
    const open = missions.filter((m) => m.state === 'open');
    const closed = missions.filter((m) => m.state !== 'open');
    const next = board.activities.filter((a) => a.window === 'upcoming').sort((a, b) => a.opens_at.localeCompare(b.opens_at))[0];
    const refresh = () => void qc.invalidateQueries({ queryKey: MX_KEYS.student });
    body = (
      <>
        <section className="mx-intro" aria-label="说明">
          {focus ? (
            <p>
              <strong>{focus.title}</strong>（{chineseMonthDayTime(focus.opens_at)} — {chineseMonthDayTime(focus.closes_at)}）
              {board.activities.length > 1 ? (
                <>
                  {' · '}
                  <Link to={PATHS.cardMissionX}>查看全部任务</Link>
                </>
              ) : null}
            </p>
          ) : null}
          <p>完成老师发布的小任务，提交被老师通过后，任务分数计入你所在学院的学院杯积分。</p>
          <p className="mx-muted">
            {board.house ? `你的学院：${board.house.name}` : '学院分配公布后，你的任务分数将计入所在学院。'} · <Link to={PATHS.twelveHouses}>查看学院杯积分榜</Link>
          </p>
        </section>
        {missions.length === 0 ? (
          <EmptyState description={next ? `下一期「${next.title}」将于 ${chineseMonthDayTime(next.opens_at)} 开始` : board.activities.length > 0 ? '老师还没有发布任务，请稍后再来看看。' : '暂无 Mission X 活动'} />
        ) : null}
        {open.length > 0 ? (
          <section className="mx-section" aria-labelledby="mx-open">
            <h2 id="mx-open">进行中的任务</h2>
            <ul className="mx-list">
              {open.map((m) => (
                <MissionCard key={m.id} mission={m} board={board} onChanged={refresh} />
              ))}
            </ul>
          </section>
        ) : null}
        {closed.length > 0 ? (
          <section className="mx-section" aria-labelledby="mx-closed">
            <h2 id="mx-closed">已截止</h2>
            <ul className="mx-list">
              {closed.map((m) => (
                <MissionCard key={m.id} mission={m} board={board} onChanged={refresh} />
              ))}
            </ul>
          </section>
        ) : null}
      </>
    );
  }
  return (
    <div className="mx-page">
      <Link className="mx-back" to={PATHS.cardHub}>
        ← 活动中心
      </Link>
      <h1>Mission X</h1>
      {body}
    </div>
  );
}
