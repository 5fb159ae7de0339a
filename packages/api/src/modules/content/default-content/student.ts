/**
 * Default words of the student content pages that are not public (decision 048):
 * orientation, and the two readings unlocked by the docs/product/users-and-roles.md limited-paid rule. Admins edit them in 页面内容.
 */
import { p, page, ul, type DefaultPage } from './build.ts';

export const STUDENT_PAGES: Record<string, DefaultPage> = {
  'student/manage/orientation': page(
    '入学指南',
    '开营前需要准备的事项、开营头几天的日程与项目守则。',
    { subtitle: '开营前请逐项完成准备，并熟悉头几天的安排与守则。' },
    [
      {
        id: 'prepare',
        heading: '开营前准备',
        html: ul(
          '一台可以流畅视频通话的电脑，建议配耳机和摄像头；稳定的网络。',
          '完成入学清单中的各项表格与报名。',
          '阅读课程大纲与开课前阅读材料，预留每天 4—6 小时的学习时间。',
          '准备好笔记本与常用文具，提前测试会议软件。',
        ),
      },
      {
        id: 'timetable',
        heading: '开营头几天的日程',
        items: {
          kind: 'timeline',
          entries: [
            { date: '第 1 天 上午', label: '开营典礼与学院见面会' },
            { date: '第 1 天 下午', label: '导师见面、课程介绍与分组' },
            { date: '第 2 天', label: '第一次研讨课；学术写作工作坊' },
            { date: '第 3 天', label: '研讨课；学院活动；答疑时间' },
          ],
        },
      },
      {
        id: 'rules',
        heading: '项目守则',
        html: ul('准时参加每一次课程与活动，请假需提前向助教说明。', '尊重同学与导师，课堂内外文明交流。', '坚守学术诚信：引用须注明出处，不得抄袭或代写。', '未经同意不得录制、传播课程内容与他人信息。'),
      },
    ],
  ),
  'student/admission-positive': page(
    '录取后的积极准备',
    '录取后如何为 Summit 的学习做好准备。',
    { subtitle: '从录取到开营，这几件事能让你的夏天更有收获。' },
    [
      { id: 'reading', heading: '开始阅读', html: p('从课程大纲中的推荐书目里挑一本开始读，边读边记下问题，带着问题走进第一次研讨课。') },
      { id: 'goals', heading: '写下你的目标', html: p('用一页纸写下你希望在这个夏天弄清楚的一个问题，开营后与导师讨论。') },
      { id: 'habits', heading: '调整作息', html: p('提前两周按上课时间安排作息，保证每天有整块的阅读与写作时间。') },
    ],
  ),
  'student/elite-schools-know': page(
    '名校须知',
    '关于名校学术要求与学习方式的须知。',
    { subtitle: '了解名校课堂的要求，提前适应研讨式的学习。' },
    [
      { id: 'seminar', heading: '研讨课', html: p('名校课堂以讨论为主：课前完成阅读，课上提出观点并回应他人，是最基本的要求。') },
      { id: 'writing', heading: '学术写作', html: p('论证清楚、引用规范是学术写作的核心。每篇作业都要注明资料来源。') },
      { id: 'integrity', heading: '学术诚信', html: p('抄袭与代写在任何一所名校都是严重违规，Summit 同样如此。') },
    ],
  ),
};
