/** Default words of about-us, partners, activities and join-us. Partner names are fictional. */
import { p, page, ul, type DefaultPage } from './build.ts';

export const COMMUNITY_PAGES: Record<string, DefaultPage> = {
  'about-us': page(
    '关于我们',
    '关于 Summit：一个由青年学者与教育工作者发起的线上暑期学术项目，致力于让更多高中生接触真正的学术研究。',
    { subtitle: '让每一个认真提问的高中生，都能遇到认真回答的导师。' },
    [
      { id: 'mission', heading: '我们的使命', html: p('Summit 由一群在高校任教和求学的青年学者发起。我们希望打破地域限制，让全国各地的高中生都能以线上的方式参加高质量的小班研讨，体验大学水平的学习与研究。') },
      { id: 'values', heading: '我们的价值观', html: ul('<strong>学术为本</strong>：课程与评价以学术标准为准', '<strong>开放多元</strong>：欢迎不同背景的学生与观点', '<strong>安全与关怀</strong>：重视学生的身心健康与隐私保护', '<strong>机会公平</strong>：设立助学金，不让费用成为门槛') },
      { id: 'team', heading: '项目办公室', html: p('项目办公室负责招生、教学管理与学生服务，工作时间为周一至周五 9:00—18:00（北京时间），暑期开课期间每天在线。') },
    ],
  ),
  'about-us/partners': page(
    '合作伙伴',
    'Summit 合作伙伴：与高校研究中心、公益组织和教育机构合作，为学生提供讲座、IMPACT 项目与研究资源。',
    { subtitle: '感谢与我们同行的每一位伙伴。' },
    [
      {
        id: 'partners',
        heading: '合作机构',
        items: {
          kind: 'cards',
          entries: [
            { title: '青禾乡村阅读计划', text: '公益组织，IMPACT 计划合作伙伴，为乡村学校提供阅读推广项目。', tag: '公益' },
            { title: '明德青少年研究中心', text: '青少年发展研究机构，为心理驿站提供专业支持与培训。', tag: '研究' },
            { title: '知行城市观察社', text: '城市研究社群，为“城市与社会”课程提供田野调查案例。', tag: '社群' },
            { title: '星火开源教育社区', text: '开源教育社区，为理工课程提供编程实验环境与教学资源。', tag: '教育' },
          ],
        },
      },
      { id: 'cooperate', heading: '合作联系', html: p('欢迎高校、研究机构与公益组织与我们合作开设讲座或 IMPACT 项目，请通过<a href="mailto:partners@summit.example.com">partners@summit.example.com</a>联系项目办公室。') },
    ],
  ),
  'activities/house': page(
    '学院活动',
    'Summit 学院活动：分院仪式、学院杯、学院周与学院读书会，让线上项目同样有归属感。',
    { subtitle: '四大学院，是你在 Summit 的另一个家。' },
    [
      { id: 'sorting', heading: '分院仪式', html: p('开营前的线上分院仪式上，每位同学将被分入凤凰、麒麟、青龙、白虎四大学院之一，并与来自不同课程的同学组成学院小组。') },
      { id: 'cup', heading: '学院杯', html: p('课堂表现、作业、毕业项目、学院周与志愿服务都会为学院积分，结业典礼公布学院杯得主。') },
      { id: 'regular', heading: '日常活动', html: ul('学院读书会与自习室', '学院导师下午茶（线上）', '学院周主题活动', '结业典礼学院展示') },
    ],
  ),
  'activities/events': page(
    '项目活动',
    'Summit 项目活动：开营典礼、前沿对话讲座、基石工作坊、才艺展演与结业典礼。',
    { subtitle: '课堂之外，还有一个丰富的夏天。' },
    [
      {
        id: 'events',
        heading: '主要活动',
        items: {
          kind: 'cards',
          entries: [
            { title: '开营典礼', text: '项目第一天晚上举行，介绍课程安排、学院与学术诚信要求。' },
            { title: '前沿对话 Frontier Conversation', text: '每周两晚邀请学者分享前沿研究，学生可现场提问。' },
            { title: '基石工作坊 Cornerstone Workshop', text: '学术写作、文献检索、数据可视化与公开演讲等技能工作坊。' },
            { title: '才艺展演', text: '结业周的线上才艺展示，器乐、朗诵、绘画、编程作品皆可。' },
            { title: '结业典礼', text: '公布学院杯、HAA 学术奖与优秀毕业项目。' },
          ],
        },
      },
    ],
  ),
  'activities/community': page(
    '社区与校友',
    'Summit 社区与校友：结业后继续交流的校友社群、校友分享会与志愿者机会。',
    { subtitle: '项目会结束，友谊与探索不会。' },
    [
      { id: 'alumni', heading: '校友社群', html: p('结业学员自动加入 Summit 校友社群，可参加每学期的线上校友分享会，交流升学与研究经验。') },
      { id: 'give-back', heading: '回馈社区', html: ul('担任下一期的学生志愿者', '在校友分享会上介绍自己的毕业项目', '参加 IMPACT 计划的长期公益项目') },
    ],
  ),
  'join-us/si': page(
    '加入团队',
    '加入 Summit：招聘学术导师、助教与项目运营，与我们一起为高中生打造高质量的线上学术项目。',
    { subtitle: '如果你热爱教学，也相信高中生的潜力，欢迎加入。' },
    [
      {
        id: 'roles',
        heading: '招聘岗位',
        items: {
          kind: 'cards',
          entries: [
            { title: '学术导师（暑期）', text: '硕士及以上学历，负责一门主修课的研讨与毕业项目指导。', tag: '兼职' },
            { title: '助教（暑期）', text: '本科及以上在读，协助导师批改作业、组织讨论与答疑。', tag: '兼职' },
            { title: '项目运营', text: '负责招生咨询、学生服务与活动组织，有教育行业经验者优先。', tag: '全职' },
          ],
        },
      },
      { id: 'apply', heading: '申请方式', html: p('请将简历与一段教学经历说明发送至<a href="mailto:jobs@summit.example.com">jobs@summit.example.com</a>，邮件标题注明“岗位 + 姓名”。我们会在两周内回复。') },
    ],
  ),
  'join-us/volunteer': page(
    '志愿者招募',
    'Summit 志愿者招募：往届学员与大学生可报名担任学院志愿者、活动志愿者与技术志愿者。',
    { subtitle: '在帮助别人的过程中，再一次成长。' },
    [
      { id: 'roles', heading: '志愿岗位', html: ul('<strong>学院志愿者</strong>：协助组织学院活动与读书会', '<strong>活动志愿者</strong>：协助开营、结业典礼与讲座的线上运行', '<strong>技术志愿者</strong>：为同学解答线上课堂的设备与网络问题') },
      { id: 'requirements', heading: '报名条件', html: ul('往届 Summit 学员或大学本科在读', '项目期间每周可服务不少于 6 小时', '认同 Summit 的价值观，细心、有责任感') },
      { id: 'benefits', heading: '志愿者可获得', html: ul('志愿服务证明（注明服务时长）', '参加导师培训与工作坊的机会', '优秀志愿者推荐信') },
    ],
  ),
};
