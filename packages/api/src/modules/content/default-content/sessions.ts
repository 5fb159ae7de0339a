/** Default words of the session-track pages, /inner/h/<symbol> (decision 028). */
import { SESSION_TRACKS, type SessionTrack } from '@summit/domain';
import { p, page, ul, type DefaultPage } from './build.ts';

const TRACK_TEXT: Record<SessionTrack['symbol'], DefaultPage> = {
  'H-': page(
    'H- 荣誉会场',
    'Summit H- 荣誉会场：面向录取时被评为荣誉方向的学生，研讨更深入、导师一对一，毕业项目按大学研究论文要求完成。',
    { title: 'H- 荣誉会场', subtitle: '给准备好接受更大挑战的同学：更深的阅读、更严的写作、更近的导师。' },
    [
      {
        id: 'what',
        heading: '什么是 H- 会场',
        html: p(
          'H- 荣誉会场（Honors）是 Summit 在每一期课程中单独开设的会场。录取时，招生委员会会从申请材料、文书和学术经历都特别突出的同学中选出一部分，在录取通知书的专业方向前标注 <strong>H-</strong>（例如“H-人文社科”），这些同学即进入 H- 会场。',
          'H- 会场与普通会场同期上课、同样在线进行，学费相同；不同的是课程要求和导师配置。',
        ),
      },
      {
        id: 'difference',
        heading: '与普通会场的不同',
        items: {
          kind: 'cards',
          entries: [
            { title: '研讨班更小', text: '每班不超过 10 人，阅读量约为普通研讨班的 1.5 倍，每节课都有学生主讲环节。', tag: '教学' },
            { title: '一对一导师', text: '每位同学配一名学术导师，每周一对一面谈，跟进阅读与毕业项目进度。', tag: '导师' },
            { title: '研究论文', text: '毕业项目为 5000 字以上的研究论文，按学术规范完成文献综述、研究设计与引用。', tag: '成果' },
            { title: '荣誉证书', text: '完成要求的同学获得带 H- 标注的结业证书，导师推荐信会说明荣誉会场的要求。', tag: '认证' },
          ],
        },
      },
      {
        id: 'who',
        heading: '谁可以进入',
        html:
          ul('录取通知书的专业方向带有 H- 标注的同学', '只在当前所在的一期开放：H- 会场的学生页面仅对本期 H- 会场的同学开放，其他同学打开时会看到“当前会场H-用户方可进入”') +
          p('H- 会场不接受单独申请，也不能在录取后调换。如果你希望挑战更高的要求，请在申请文书中充分展示你的研究兴趣和已有的学术经历。'),
      },
      {
        id: 'schedule',
        heading: '安排',
        html: p(
          'H- 会场在三期课程中都会开设，具体日期见<a href="/instructions/dates">重要日期</a>。开课前一周，H- 会场的同学会收到导师分配与第一周阅读材料；毕业项目答辩安排在每期最后三天。',
        ),
      },
    ],
  ),
};

export const SESSION_PAGES: Record<string, DefaultPage> = Object.fromEntries(SESSION_TRACKS.map((t) => [`inner/h/${t.symbol}`, TRACK_TEXT[t.symbol]]));
