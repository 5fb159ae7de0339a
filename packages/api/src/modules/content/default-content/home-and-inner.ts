/** Default words of the home page, the four house pages and the /inner/* pages. */
import { HOUSES, type HouseSymbol } from '@summit/domain';
import { p, page, ul, type DefaultPage } from './build.ts';

export const HOME: DefaultPage = page(
  '首页',
  'Summit 高中生夏季学术项目：面向高一至高三学生的精选线上暑期学术课程，小班研讨、导师制、学院制与毕业项目，2027 年 7—8 月开课。',
  { title: 'Summit 高中生夏季学术项目', subtitle: '一个夏天，与全国各地热爱思考的同龄人一起，走进真正的学术研究。' },
  [
    {
      id: 'about',
      heading: '项目简介',
      html: p(
        'Summit 是一个面向高中生的<strong>线上</strong>暑期学术项目。我们从全国申请者中择优录取，以小班研讨和导师制为核心，带领学生用四周时间完成一门大学水平的课程和一个独立的毕业项目（Capstone）。',
        '项目全程在线进行：每天的研讨课、导师答疑、学院活动和讲座都安排在北京时间，学生在家即可参加，不需要出行和住宿。',
      ),
    },
    {
      id: 'numbers',
      heading: '项目一览',
      items: {
        kind: 'stats',
        entries: [
          { value: '12–20 岁', label: '高一至高三在读学生' },
          { value: '≤ 15 人', label: '每个研讨班的人数上限' },
          { value: '4 周', label: '每期课程时长' },
          { value: '3 期', label: '2027 年 7—8 月开课' },
        ],
      },
    },
    {
      id: 'highlights',
      heading: '为什么选择 Summit',
      items: {
        kind: 'cards',
        entries: [
          { title: '小班研讨', text: '每班不超过 15 人，以阅读、讨论和写作为主，每位同学每节课都有发言机会。', tag: '教学' },
          { title: '导师制', text: '每位学生配有一名学术导师，按周面谈，跟进课程学习与毕业项目进展。', tag: '教学' },
          { title: '学院制', text: '凤凰、麒麟、青龙、白虎四大学院，跨课程结识伙伴，参加学院杯与学院周活动。', tag: '社区' },
          { title: '毕业项目', text: '在导师指导下完成一份研究报告或作品，并在结业周公开答辩展示。', tag: '成果' },
        ],
      },
    },
    {
      id: 'apply',
      heading: '如何申请',
      html: p(
        '注册账号并完善个人信息后即可在线提交申请。2027 年设有提前批I、提前批II与常规批三轮申请，各轮截止时间以页面倒计时显示为准。',
        '详细步骤请见<a href="/instructions/process">申请流程</a>，日期安排请见<a href="/instructions/dates">重要日期</a>。',
      ),
    },
  ],
);

const HOUSE_TEXT: Record<HouseSymbol, { motto: string; spirit: string; colour: string; traditions: string[] }> = {
  phoenix: {
    motto: '浴火新生，敢为人先',
    spirit: '凤凰学院崇尚创新与表达。学院成员常常是课堂上第一个提出新想法的人，也乐于把自己的研究讲给更多人听。',
    colour: '朱红',
    traditions: ['开营夜的“新羽”故事会：每位新成员用三分钟讲一个改变过自己的想法', '学院周主办“思辨之夜”辩论赛', '结业时为每位成员写一张手写寄语卡'],
  },
  qilin: {
    motto: '仁厚博学，行稳致远',
    spirit: '麒麟学院重视严谨与互助。学院内有固定的学习小组，高年级成员会主动为新成员讲解论文写作与文献检索。',
    colour: '金黄',
    traditions: ['每周日晚的“麒麟读书会”', '学院周主办跨学科知识竞赛', '毕业项目答辩前的互评工作坊'],
  },
  dragon: {
    motto: '志存高远，腾跃四海',
    spirit: '青龙学院以好奇心和行动力著称，偏爱动手实践与团队挑战，在学院杯的团队项目中屡获佳绩。',
    colour: '青蓝',
    traditions: ['开营第一周的“破冰黑客松”', '学院周主办科学与工程挑战赛', '每期评选“青龙行动者”'],
  },
  tiger: {
    motto: '坚毅果敢，守正出新',
    spirit: '白虎学院看重坚持与担当。学院鼓励成员选择有挑战的研究问题，并在遇到困难时彼此支持、坚持到底。',
    colour: '银白',
    traditions: ['每日清晨的“早读打卡”', '学院周主办演讲与写作马拉松', '结业典礼上的“坚持之星”颁奖'],
  },
};

function housePage(symbol: HouseSymbol): DefaultPage {
  const house = HOUSES.find((h) => h.symbol === symbol)!;
  const t = HOUSE_TEXT[symbol];
  return page(
    `${house.name}学院`,
    `Summit ${house.name}学院（${house.english} House）：院训“${t.motto}”，学院精神、传统与活动介绍。`,
    { title: `${house.name}学院 · ${house.english} House`, subtitle: `院训：${t.motto}` },
    [
      { id: 'spirit', heading: '学院精神', html: p(t.spirit, `学院代表色为${t.colour}。每位录取学生在开营前的分院仪式上被分入四大学院之一，并在整个项目期间代表所在学院参加学院杯积分。`) },
      { id: 'traditions', heading: '学院传统', html: ul(...t.traditions) },
      {
        id: 'house-cup',
        heading: '学院杯',
        html: p('学院杯贯穿整个暑期：课堂表现、作业按时提交、毕业项目、学院周活动与志愿服务都会为所在学院积分。结业典礼上公布当年学院杯得主。'),
      },
    ],
  );
}

export const HOUSE_PAGES: Record<string, DefaultPage> = Object.fromEntries(HOUSES.map((h) => [`inner/h/${h.symbol}`, housePage(h.symbol)]));

export const INNER_PAGES: Record<string, DefaultPage> = {
  'inner/grades': page(
    '成绩与证书',
    'Summit 学生的课程成绩构成、等级说明、结业证书与推荐信的发放方式。',
    { subtitle: '成绩反映的是整个暑期的学习过程，而不只是一场考试。' },
    [
      {
        id: 'composition',
        heading: '成绩构成',
        items: {
          kind: 'stats',
          entries: [
            { value: '30%', label: '课堂参与与研讨' },
            { value: '30%', label: '平时作业与阅读报告' },
            { value: '40%', label: '毕业项目（Capstone）' },
          ],
        },
      },
      { id: 'levels', heading: '等级说明', html: ul('<strong>A（优秀）</strong>：90 分及以上', '<strong>B（良好）</strong>：80–89 分', '<strong>C（合格）</strong>：70–79 分', '<strong>未通过</strong>：70 分以下，不颁发结业证书') },
      {
        id: 'certificates',
        heading: '证书与推荐信',
        html: p(
          '成绩合格的学生获得电子版结业证书，可在学生中心下载；表现突出的学生可申请任课导师撰写的推荐信。',
          '成绩一般在课程结束后两周内公布，学生可在“成绩查询”中查看各项明细。',
        ),
      },
    ],
  ),
  'inner/advanced': page(
    '进阶项目',
    '为已完成 Summit 课程的学生开设的进阶研究项目：更长周期、一对一导师、以学术论文或作品集为成果。',
    { subtitle: '完成一期课程后，你可以继续把感兴趣的问题做深。' },
    [
      { id: 'what', heading: '项目内容', html: p('进阶项目为期八周，学生在导师一对一指导下围绕一个研究问题完成文献综述、研究设计与成文，最终提交一篇 5000 字以上的研究论文或同等分量的作品集。') },
      { id: 'who', heading: '申请条件', html: ul('已完成至少一期 Summit 课程且成绩为 A', '毕业项目获导师推荐', '每周可投入不少于 6 小时') },
      { id: 'how', heading: '申请方式', html: p('课程结束后，符合条件的同学会在学生中心收到进阶项目邀请，按提示提交研究计划即可。名额有限，择优录取。') },
    ],
  ),
  'inner/explore': page(
    '探索项目',
    'Summit 探索项目：面向高一学生的入门课程，帮助你在选择方向之前先接触多个学科。',
    { subtitle: '还没想好学什么？先用两周时间试一试。' },
    [
      { id: 'format', heading: '项目形式', html: p('探索项目为期两周，学生每天参加一门不同学科的入门研讨（人文、社科、理工、商科轮换），最后选择一个方向完成小型展示。') },
      { id: 'fit', heading: '适合谁', html: ul('高一或即将升入高一的同学', '对多个学科都有兴趣、希望先了解再选择的同学', '第一次参加线上学术项目的同学') },
    ],
  ),
  'inner/haa': page(
    'HAA 学术奖',
    'Summit HAA（Honors in Academic Achievement）学术奖：表彰在课程与毕业项目中表现卓越的学生。',
    { title: 'HAA 学术奖', subtitle: 'Honors in Academic Achievement：给最认真的研究者。' },
    [
      { id: 'criteria', heading: '评选标准', html: ul('课程总评为 A', '毕业项目由两位导师评审，平均分位列本期前 10%', '无学术诚信问题') },
      { id: 'honour', heading: '获奖者将获得', html: ul('HAA 电子荣誉证书', '导师联名推荐信', '受邀在结业典礼上展示毕业项目') },
    ],
  ),
  'inner/hxweek': page(
    '学院周',
    'Summit 学院周：四大学院轮流主办的一周主题活动，包括辩论赛、知识竞赛、科学挑战与演讲马拉松。',
    { subtitle: '一周时间，四个学院，比拼的是合作与创意。' },
    [
      { id: 'what', heading: '活动安排', html: p('学院周安排在每期课程的第三周。每天晚上由一个学院主办主题活动，其他学院组队参加，活动结果计入学院杯积分。') },
      {
        id: 'schedule',
        heading: '每晚主题',
        items: {
          kind: 'timeline',
          entries: [
            { date: '周一', label: '凤凰学院 · 思辨之夜辩论赛' },
            { date: '周二', label: '麒麟学院 · 跨学科知识竞赛' },
            { date: '周三', label: '青龙学院 · 科学与工程挑战赛' },
            { date: '周四', label: '白虎学院 · 演讲与写作马拉松' },
            { date: '周五', label: '闭幕联欢与学院杯阶段积分公布' },
          ],
        },
      },
    ],
  ),
  'inner/talent-hunt': page(
    '才艺征集',
    'Summit 才艺征集与推荐计划：展示你的才艺，或推荐身边的优秀同学加入 Summit。',
    { subtitle: '学术之外，我们同样欣赏你的热爱。' },
    [
      { id: 'show', heading: '才艺展演', html: p('每期结业周举办线上才艺展演，器乐、声乐、朗诵、绘画、编程作品均可报名。报名通道在开课后开放，入选节目将在结业典礼上播出。') },
      { id: 'referral', heading: '推荐同学', html: p('已录取的同学可在学生中心生成个人推荐链接。通过链接注册并完成申请的同学，申请时会显示推荐人信息，推荐人可获得学院杯积分。') },
    ],
  ),
};
