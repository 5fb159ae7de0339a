/**
 * Default words of the /instructions/* pages. The deadlines and fees are admin settings too; the pages say the
 * live countdown and the payment page show the exact values.
 */
import { ol, p, page, ul, type DefaultPage } from './build.ts';

export const INSTRUCTION_PAGES: Record<string, DefaultPage> = {
  'instructions/eligibility': page(
    '申请资格',
    'Summit 申请资格：高一至高三在读、12–20 岁、对学术研究有兴趣的学生均可申请，不限地区与学校。',
    { subtitle: '我们寻找的是好奇、认真、愿意投入的学生。' },
    [
      { id: 'who', heading: '基本条件', html: ul('2026—2027 学年高一至高三在读（或同等学历）', '年龄 12–20 岁', '能够以中文参加研讨与写作，部分课程需阅读英文材料', '项目期间每天可稳定上网学习 4—6 小时') },
      { id: 'what-we-look-for', heading: '我们看重什么', html: ul('学术好奇心：你真正想弄明白的问题', '学习投入：在校成绩与课外阅读、研究经历', '表达能力：申请文书是否清晰、真诚', '合作精神：愿意倾听并尊重不同观点') },
      { id: 'note', heading: '说明', html: p('Summit 不要求任何竞赛奖项或语言考试成绩。往届学员可再次申请不同方向的课程。') },
    ],
  ),
  'instructions/dates': page(
    '重要日期',
    'Summit 2027 重要日期：提前批I {{deadline.EB1}}、提前批II {{deadline.EB2}}、常规批 {{deadline.RD}} 截止，申请材料 {{deadline.MRD}} 截止；三期课程于 7—8 月开课。',
    { subtitle: '申请截止时间以页面右侧倒计时显示为准（北京时间）。' },
    [
      {
        id: 'deadlines',
        heading: '申请截止日期',
        items: {
          kind: 'timeline',
          entries: [
            { date: '{{deadline.EB1}}', label: '提前批I（EB1）申请截止', note: '当日 23:59（北京时间）' },
            { date: '{{deadline.EB2}}', label: '提前批II（EB2）申请截止', note: '当日 23:59（北京时间）' },
            { date: '{{deadline.RD}}', label: '常规批（RD）申请截止', note: '当日 23:59（北京时间）' },
            { date: '{{deadline.MRD}}', label: '申请材料（MRD）提交截止', note: '已提交申请的同学须在此之前补齐材料' },
          ],
        },
      },
      { id: 'live', heading: '以倒计时为准', html: p('以上为计划日期。截止时间可能由项目办公室调整，确切时间以网站上实时显示的倒计时为准，调整时我们会通过短信通知已注册的同学。') },
      {
        id: 'sessions',
        heading: '{{programme.year}} 课程期次',
        items: {
          kind: 'timeline',
          entries: [
            { date: '{{session.first}}', label: '{{programme.year}} 第一期' },
            { date: '{{session.second}}', label: '{{programme.year}} 第二期' },
            { date: '{{session.third}}', label: '{{programme.year}} 第三期' },
          ],
        },
      },
      { id: 'results', heading: '录取结果', html: p('各批次的录取结果一般在截止后三周内于学生中心公布，并以短信提醒。') },
    ],
  ),
  'instructions/process': page(
    '申请流程',
    'Summit 申请流程：注册 → 完善信息 → 提交申请 → 缴纳申请费 {{fee.apply}} → 提交申请材料 → 录取 → 缴纳学费 {{fee.tuition}}。',
    { subtitle: '全部流程均可在手机上完成。' },
    [
      {
        id: 'steps',
        heading: '七个步骤',
        html: ol(
          '<strong>注册</strong>：使用手机号与短信验证码注册账号',
          '<strong>完善信息</strong>：填写个人与学校信息',
          '<strong>提交申请</strong>：选择申请方向，填写申请表与文书',
          '<strong>缴纳申请费 {{fee.apply}}</strong>：支持微信支付与支付宝',
          '<strong>提交申请材料</strong>：上传成绩单等材料，须在申请材料截止日前完成',
          '<strong>录取</strong>：在学生中心查看录取结果并下载录取通知书',
          '<strong>缴纳学费 {{fee.tuition}}</strong>：可本人支付，也可生成链接请家长代付',
        ),
      },
      { id: 'fees-note', heading: '费用说明', html: p('申请费与学费以缴费页面显示的金额为准。申请费用于材料审核，一经缴纳不予退还。') },
      { id: 'help', heading: '需要帮助？', html: p('申请过程中遇到问题，可查看<a href="/faq">常见问题</a>，或通过页面右侧的在线客服联系我们。') },
    ],
  ),
  'instructions/tuition': page(
    '学费与资助',
    'Summit 学费 {{fee.tuition}}（含四周课程、导师辅导、毕业项目与全部线上活动），提供需求型助学金，学费可由家长代付。',
    { subtitle: '我们希望经济条件不成为优秀学生参加项目的障碍。' },
    [
      {
        id: 'fees',
        heading: '费用',
        items: {
          kind: 'stats',
          entries: [
            { value: '{{fee.apply}}', label: '申请费（不予退还）' },
            { value: '{{fee.tuition}}', label: '学费（每期）' },
          ],
        },
      },
      { id: 'includes', heading: '学费包含', html: ul('四周主修课程与全部研讨', '每周导师一对一面谈', '基石工作坊与前沿对话讲座', '学院活动与结业典礼', '电子结业证书与成绩单') },
      { id: 'payment', heading: '缴费方式', html: p('录取后在学生中心缴纳学费，支持微信支付与支付宝；也可生成代付链接发给家长，由家长在自己的手机上完成支付。缴费期限以录取通知书为准。') },
      {
        id: 'aid',
        heading: '助学金',
        html: p(
          '家庭经济有困难的同学可在缴纳学费前申请助学金，资助比例为学费的 30%—100%。申请需提交家庭经济情况说明及相关证明，审核结果在两周内通知。',
          '助学金的评定只看经济需要，与录取结果无关。',
        ),
      },
      { id: 'refund', heading: '退费政策', html: p('开课前 30 天以上申请退出，退还全部学费；开课前 30 天内至开课前一天，退还 50%；开课后不予退费。具体以录取后的退费说明为准。') },
    ],
  ),
};
