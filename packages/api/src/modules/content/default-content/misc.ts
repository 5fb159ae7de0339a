/** Default words of the FAQ, ranking, psychology station and the online notice (programme facts through placeholders, decision 029). */
import { p, page, ul, type DefaultPage } from './build.ts';

const FAQ: Array<{ q: string; a: string }> = [
  { q: 'Summit 是线上还是线下项目？', a: p('{{programme.year}} 年 Summit 为{{programme.mode}}项目，共三期：第一期 {{session.first}}，第二期 {{session.second}}，第三期 {{session.third}}（北京时间）。') },
  { q: '哪些同学可以申请？', a: p('2026—2027 学年高一至高三在读、年龄 12–20 岁的学生均可申请，不限地区与学校。详见<a href="/instructions/eligibility">申请资格</a>。') },
  { q: '需要竞赛奖项或英语成绩吗？', a: p('不需要。我们更看重你的学术兴趣、学习投入与申请文书。部分课程需要阅读英文材料，选课时会注明。') },
  { q: '申请截止时间是什么时候？', a: p('{{programme.year}} 年提前批I（EB1）{{deadline.EB1}}、提前批II（EB2）{{deadline.EB2}}、常规批（RD）{{deadline.RD}} 截止；最终截止（MRD，申请材料）为 {{deadline.MRD}}。确切时间以页面倒计时为准。') },
  { q: '申请费是多少？可以退吗？', a: p('申请费为 {{fee.apply}}，用于材料审核，一经缴纳不予退还。') },
  { q: '学费是多少？包含哪些内容？', a: p('每期学费 {{fee.tuition}}，包含四周主修课程、导师一对一面谈、基石工作坊、讲座、学院活动与电子结业证书。') },
  { q: '家长可以代付学费吗？', a: p('可以。录取后在缴费页面生成代付链接发给家长，家长在自己的手机上即可完成支付。') },
  { q: '有助学金吗？', a: p('有。家庭经济有困难的同学可在缴纳学费前申请助学金，资助比例为学费的 30%—100%，评定只看经济需要。') },
  { q: '每天要上多久的课？', a: p('周一至周五上午研讨课约 2 小时，下午为阅读、写作与小组项目时间，每天总投入约 4—6 小时。') },
  { q: '一个研讨班有多少人？', a: p('每个研讨班不超过 15 人，另有一名导师和一名助教。') },
  { q: '学院是怎么分的？', a: p('开营前的分院仪式上，每位同学被分入凤凰、麒麟、青龙、白虎四大学院之一。分院综合考虑课程、地区与年级，让每个学院都多元均衡。') },
  { q: '毕业项目必须做吗？', a: p('是的。毕业项目占课程总评的 40%，是结业的必要条件。导师会从第一周开始指导你选题与推进。') },
  { q: '能拿到什么证书？', a: p('成绩合格的同学获得电子结业证书；表现优秀者可获 HAA 学术奖，并可申请导师推荐信。') },
  { q: '需要什么设备？', a: p('一台可以流畅视频通话的电脑（建议配耳机和摄像头）和稳定的网络。手机可以查看通知与提交作业，但不建议用手机上课。') },
  { q: '录取后可以退出吗？学费怎么退？', a: p('开课前 30 天以上申请退出，退还全部学费；开课前 30 天内至开课前一天，退还 50%；开课后不予退费。') },
  {
    q: '如何联系项目办公室？',
    a:
      p('点击页面上的「在线客服」（电脑在页面右侧，手机在页面底部），微信扫码或添加客服微信号即可咨询；也可以关注 Summit 公众号留言。') +
      ul('电话：{{contact.phone}}', '邮箱：<a href="mailto:{{contact.email}}">{{contact.email}}</a>', '客服微信号：{{contact.wechat_id}}', '服务时间：{{contact.hours}}'),
  },
];

export const MISC_PAGES: Record<string, DefaultPage> = {
  faq: page(
    '常见问题',
    'Summit 常见问题：申请资格、截止日期、申请费与学费、助学金、上课时间、学院、毕业项目、证书与退费。',
    { subtitle: '没有找到答案？欢迎通过在线客服联系我们。' },
    [
      { id: 'apply', heading: '申请与费用', items: { kind: 'faq', entries: FAQ.slice(0, 8) } },
      { id: 'study', heading: '学习与生活', items: { kind: 'faq', entries: FAQ.slice(8) } },
    ],
  ),
  'track/ranking': page(
    '学术排名',
    'Summit 学术排名：按学院与课程公布的学院杯积分榜与学术表现榜，每周更新。',
    { subtitle: '排名记录的是努力，而不是天赋。' },
    [
      { id: 'what', heading: '排名说明', html: p('开课期间，学院杯积分榜与各课程的学术表现榜每周一更新。学术表现榜仅展示前 20% 的同学，且只显示姓名首字与学院，保护个人隐私。') },
      { id: 'points', heading: '积分来源', html: ul('课堂参与与作业按时提交', '毕业项目评分', '学院周与项目活动', 'IMPACT 计划与志愿服务') },
      { id: 'note', heading: '提醒', html: p('排名仅用于激励与记录，不影响结业证书与推荐信的评定标准。') },
    ],
  ),
  'psychology/station': page(
    '心理驿站',
    'Summit 心理驿站：为学生提供线上心理支持、情绪小课堂与一对一倾听服务，守护学习中的身心健康。',
    { subtitle: '学习很重要，你的感受同样重要。' },
    [
      { id: 'services', heading: '我们提供', html: ul('<strong>一对一倾听</strong>：由受过培训的心理咨询师提供线上倾听，每次 30 分钟，完全保密', '<strong>情绪小课堂</strong>：每周一次，主题包括压力管理、时间管理与人际沟通', '<strong>匿名树洞</strong>：写下你的烦恼，心理老师会在 48 小时内回复') },
      { id: 'book', heading: '如何预约', html: p('在学生中心的“心理驿站”中选择时间预约，或通过在线客服转接。所有谈话内容均保密，除非涉及人身安全。') },
      { id: 'urgent', heading: '紧急情况', html: p('如果你或身边的人处于危险之中，请立即联系家人、拨打 110 或 120，也可拨打全国心理援助热线 12356。') },
    ],
  ),
  'notice/online-notice-free': page(
    '线上项目须知',
    'Summit 峰会改为线上举办的通知：{{programme.dates}}线上进行，退还 {{programme.difference}} 差额，研讨课与工作坊选报时间及要求。',
    { title: 'Summit 峰会改为线上举办的通知', subtitle: '感谢每一位同学与家长的理解和支持。' },
    [
      { id: 'summary', heading: '通知', html: p('原定线下举办的 Summit 峰会将改为线上举办，时间仍为 <strong>{{programme.dates}}</strong>。课程、导师、学院活动与结业典礼均保持不变，改为在线进行。') },
      {
        id: 'refund',
        heading: '费用差额退还',
        html: p('线上与线下项目的费用差额 <strong>{{programme.difference}}</strong>将全额退还至原支付账户。如选择不参加线上项目并申请全额退费，请于 <strong>{{programme.refund_deadline}}</strong> 前在学生中心提交退费申请，逾期视为确认参加线上项目。'),
      },
      {
        id: 'schedule',
        heading: '选报时间',
        items: {
          kind: 'timeline',
          entries: [
            { date: '{{programme.refund_deadline}}', label: '全额退费申请截止' },
            { date: '8 月 4 日 20:00', label: '研讨课加选开放' },
            { date: '8 月 9 日 09:00', label: '工作坊选报开放' },
            { date: '{{programme.dates}}', label: '线上峰会' },
          ],
        },
      },
      { id: 'rules', heading: '选课要求', html: ul('每位同学最多可额外报名 <strong>2 场</strong>前沿对话（Frontier Conversation）', '每位同学须完成至少 <strong>2 个</strong>基石工作坊（Cornerstone Workshop）') },
    ],
  ),
};
