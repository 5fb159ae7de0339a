/** Default words of the /academic/* pages. Instructors are fictional. */
import { p, page, ul, type DefaultPage } from './build.ts';

export const ACADEMIC_PAGES: Record<string, DefaultPage> = {
  'academic/pedagogy': page(
    '教学理念',
    'Summit 的教学理念：小班研讨、导师制、以问题为中心的学习，以及重视写作与表达的课堂。',
    { subtitle: '我们相信，最好的学习发生在提问、讨论与写作之中。' },
    [
      {
        id: 'seminar',
        heading: '小班研讨',
        html: p(
          '每个研讨班不超过 15 人。课前，学生完成指定阅读并提交简短的问题；课上，导师引导大家围绕问题展开讨论，而不是单向讲授。',
          '线上课堂全程开启摄像头，分组讨论使用独立讨论室，保证每位同学每节课都有充分发言的机会。',
        ),
      },
      {
        id: 'mentorship',
        heading: '导师制',
        html: p('每位学生配有一名学术导师（Mentor），每周一对一或小组面谈一次，帮助学生制定学习计划、修改论文草稿、推进毕业项目。导师同时是学生在项目中遇到困难时的第一位联系人。'),
      },
      {
        id: 'principles',
        heading: '我们的课堂原则',
        html: ul('<strong>以问题为中心</strong>：每门课围绕几个真正开放的问题展开', '<strong>重视写作</strong>：每周至少一篇短文，导师逐段批注', '<strong>尊重不同观点</strong>：讨论看论证，不看结论', '<strong>学术诚信</strong>：所有作业须独立完成并规范引用'),
      },
    ],
  ),
  'academic/curriculum': page(
    '课程体系',
    'Summit 课程体系：人文、社会科学、理工与商科四大方向，每期四周，每天研讨课、导师时间与学院活动。',
    { subtitle: '四大方向、数十门课程，每位学生每期主修一门。' },
    [
      {
        id: 'tracks',
        heading: '四大方向',
        items: {
          kind: 'cards',
          entries: [
            { title: '人文', text: '哲学、历史、文学与艺术史，训练细读文本与建立论证的能力。', tag: 'Humanities' },
            { title: '社会科学', text: '经济学、心理学、政治学与社会学，学习用数据与理论解释社会现象。', tag: 'Social Sciences' },
            { title: '理工', text: '数学、物理、计算机与生命科学，从经典问题出发体验科学研究方法。', tag: 'STEM' },
            { title: '商科', text: '管理学、市场与创业，以真实案例为材料进行分析和决策。', tag: 'Business' },
          ],
        },
      },
      {
        id: 'week',
        heading: '一周安排',
        html: ul('周一至周五上午：主修课研讨（每天 2 小时）', '周一至周五下午：阅读、写作与小组项目时间，导师在线答疑', '每周一次：一对一导师面谈', '每周两晚：学院活动、前沿对话（Frontier Conversation）讲座'),
      },
      {
        id: 'cornerstone',
        heading: '基石工作坊',
        html: p('除主修课外，每位学生须完成至少 2 个基石工作坊（Cornerstone Workshop），内容涵盖学术写作、文献检索、数据可视化与公开演讲。'),
      },
    ],
  ),
  'academic/courses': page(
    '课程示例',
    'Summit 课程示例：正义与公共选择、行为经济学、数论初步、机器学习入门、城市与社会等。',
    { subtitle: '以下为往期开设的部分课程，2027 年课程目录将于开放选课前公布。' },
    [
      {
        id: 'samples',
        heading: '部分课程',
        items: {
          kind: 'cards',
          entries: [
            { title: '正义与公共选择', text: '从经典政治哲学文本出发，讨论公平、自由与公共政策的取舍。', tag: '人文' },
            { title: '叙事的力量：现当代小说细读', text: '细读五部中外小说，学习分析叙事视角与结构，完成一篇文学评论。', tag: '人文' },
            { title: '行为经济学：人为什么不总是理性', text: '通过实验与案例认识有限理性、损失厌恶与助推，并设计一个小型问卷实验。', tag: '社会科学' },
            { title: '城市与社会', text: '以身边的城市为样本，学习城市社会学的基本概念与田野调查方法。', tag: '社会科学' },
            { title: '数论初步与证明写作', text: '从整除与同余出发，学习严谨的数学证明写作。', tag: '理工' },
            { title: '机器学习入门', text: '用 Python 实现线性回归与分类模型，理解训练、验证与偏差。', tag: '理工' },
            { title: '从零到一：创业与商业模式', text: '以小组为单位提出创业构想，完成市场分析与商业计划书。', tag: '商科' },
          ],
        },
      },
      { id: 'selection', heading: '选课说明', html: p('录取并缴纳学费后，学生在开放选课期间按志愿选择主修课。热门课程名额有限，按志愿顺序与缴费时间分配。') },
    ],
  ),
  'academic/instructors': page(
    '导师团队',
    'Summit 导师团队：来自国内外高校的青年教师与博士研究生，具有丰富的小班教学经验。',
    { subtitle: '每一位导师都经过试讲与教学培训，热爱和高中生一起讨论问题。' },
    [
      {
        id: 'team',
        heading: '部分导师',
        items: {
          kind: 'people',
          entries: [
            { name: '林思远', title: '哲学博士，高校讲师', bio: '研究方向为政治哲学与伦理学，主讲“正义与公共选择”，已指导 200 余名高中生完成研究写作。', initials: '林' },
            { name: '周若琳', title: '经济学博士研究生', bio: '研究方向为行为经济学与实验经济学，主讲“行为经济学：人为什么不总是理性”。', initials: '周' },
            { name: '陈景行', title: '数学博士，博士后研究员', bio: '研究方向为解析数论，主讲“数论初步与证明写作”，曾多年担任数学竞赛教练。', initials: '陈' },
            { name: '何嘉禾', title: '计算机科学硕士，工程师', bio: '从事机器学习应用研发，主讲“机器学习入门”，擅长用项目带动学习。', initials: '何' },
            { name: '苏晚晴', title: '比较文学博士研究生', bio: '研究方向为现当代小说与叙事学，主讲“叙事的力量”，兼任学术写作工作坊导师。', initials: '苏' },
            { name: '王明哲', title: '社会学博士，高校副研究员', bio: '研究方向为城市社会学与社区研究，主讲“城市与社会”。', initials: '王' },
          ],
        },
      },
      { id: 'standards', heading: '导师选拔', html: ul('硕士及以上学历，或在相关领域有丰富教学经验', '通过试讲与模拟研讨考核', '完成 Summit 教学与学生保护培训') },
    ],
  ),
  'academic/capstone': page(
    '毕业项目',
    'Summit 毕业项目（Capstone）：在导师指导下完成一项独立研究，并在结业周公开答辩展示。',
    { title: '毕业项目 Capstone', subtitle: '把四周的学习，变成一件真正属于你的作品。' },
    [
      { id: 'what', heading: '什么是毕业项目', html: p('毕业项目是每位学生在主修课中完成的独立研究，可以是一篇研究论文、一份调查报告、一个程序或一份商业计划书，占课程总评的 40%。') },
      {
        id: 'timeline',
        heading: '时间安排',
        items: {
          kind: 'timeline',
          entries: [
            { date: '第 1 周', label: '确定研究问题', note: '与导师面谈，提交一页研究计划' },
            { date: '第 2 周', label: '文献与资料', note: '完成文献综述或数据收集' },
            { date: '第 3 周', label: '初稿', note: '提交初稿，参加同伴互评' },
            { date: '第 4 周', label: '定稿与答辩', note: '提交终稿，线上公开答辩 10 分钟' },
          ],
        },
      },
      { id: 'showcase', heading: '优秀项目展示', html: p('每期评选优秀毕业项目，在结业典礼上展示，并收录进当年的 Summit 学生研究文集。') },
    ],
  ),
  'academic/IMPACT': page(
    'IMPACT 计划',
    'Summit IMPACT 计划：把研究带到真实世界，学生以小组形式为公益组织或社区完成一项服务型研究。',
    { title: 'IMPACT 计划', subtitle: 'Inquiry · Mentorship · Purpose · Action · Community · Teamwork' },
    [
      { id: 'what', heading: '计划介绍', html: p('IMPACT 是 Summit 的服务型学习计划。学生 4—6 人一组，与合作的公益组织对接一个真实问题，例如乡村学校的阅读推广、社区垃圾分类的参与度调查，在四周内完成调研与建议报告。') },
      { id: 'gain', heading: '你将收获', html: ul('一份提交给合作机构的研究与建议报告', '团队协作与项目管理经验', 'IMPACT 服务证书（计入学院杯积分）') },
      { id: 'join', heading: '如何参加', html: p('IMPACT 为选修，录取学生可在开营后一周内报名，每期名额约 60 人。') },
    ],
  ),
  'academic/grades': page(
    '学术评价',
    'Summit 学术评价方式：课堂参与、平时作业与毕业项目三部分构成总评，导师给出书面评语。',
    { subtitle: '我们关注你如何思考，而不仅是答对了多少题。' },
    [
      { id: 'how', heading: '评价方式', html: p('每门课的总评由课堂参与（30%）、平时作业（30%）与毕业项目（40%）构成。每项作业都有评分细则，导师在批改时给出书面反馈。') },
      { id: 'feedback', heading: '书面评语', html: p('课程结束时，任课导师为每位学生撰写一段 200 字左右的书面评语，描述其学术表现与进步，可在学生中心查看。') },
      { id: 'integrity', heading: '学术诚信', html: p('抄袭、代写或未注明的 AI 生成内容均视为违反学术诚信，相关作业记零分，情节严重者取消结业资格。') },
    ],
  ),
};
