/**
 * The public site's footer map (decision 018): every info page of spec §2 grouped for visitors and crawlers.
 * Zod-free: the web's footer and the server's prerendered footer both draw it from here. Pages hidden on the
 * AMC variant (decision 015) carry `amcHidden` and are left out there.
 */
export interface SiteMapLink {
  path: string;
  title: string;
  amcHidden?: boolean;
}

export interface SiteMapGroup {
  title: string;
  links: readonly SiteMapLink[];
}

export const SITE_MAP: readonly SiteMapGroup[] = [
  {
    title: '学术项目',
    links: [
      { path: '/academic/pedagogy', title: '教学理念' },
      { path: '/academic/curriculum', title: '课程体系' },
      { path: '/academic/courses', title: '课程示例' },
      { path: '/academic/instructors', title: '导师团队' },
      { path: '/academic/capstone', title: '毕业项目' },
      { path: '/academic/IMPACT', title: 'IMPACT 计划' },
      { path: '/academic/grades', title: '学术评价' },
      { path: '/inner/advanced', title: '进阶项目' },
      { path: '/inner/explore', title: '探索项目' },
    ],
  },
  {
    title: '申请与费用',
    links: [
      { path: '/instructions/eligibility', title: '申请资格' },
      { path: '/instructions/dates', title: '重要日期' },
      { path: '/instructions/process', title: '申请流程' },
      { path: '/instructions/tuition', title: '学费与资助', amcHidden: true },
      { path: '/faq', title: '常见问题' },
      { path: '/notice/online-notice-free', title: '线上项目须知' },
    ],
  },
  {
    title: '学院与活动',
    links: [
      { path: '/inner/h/phoenix', title: '凤凰学院' },
      { path: '/inner/h/qilin', title: '麒麟学院' },
      { path: '/inner/h/dragon', title: '青龙学院' },
      { path: '/inner/h/tiger', title: '白虎学院' },
      { path: '/activities/house', title: '学院活动' },
      { path: '/activities/events', title: '项目活动' },
      { path: '/activities/community', title: '社区与校友' },
      { path: '/inner/hxweek', title: '学院周' },
      { path: '/inner/talent-hunt', title: '才艺征集' },
    ],
  },
  {
    title: '关于我们',
    links: [
      { path: '/about-us', title: '关于我们' },
      { path: '/about-us/partners', title: '合作伙伴' },
      { path: '/join-us/si', title: '加入团队' },
      { path: '/join-us/volunteer', title: '志愿者招募', amcHidden: true },
      { path: '/inner/grades', title: '成绩与证书' },
      { path: '/inner/haa', title: 'HAA 学术奖' },
      { path: '/track/ranking', title: '学术排名' },
      { path: '/psychology/station', title: '心理驿站' },
    ],
  },
];

/** The map as a visitor of this variant sees it. */
export function siteMapFor(amc: boolean): SiteMapGroup[] {
  return SITE_MAP.map((g) => ({ title: g.title, links: amc ? g.links.filter((l) => !l.amcHidden) : g.links }));
}
