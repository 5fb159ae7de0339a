import { COURSE_CATEGORY_LABELS, COURSE_LIMITS } from '@summit/domain/course-terms';
import { CourseNav } from './course-nav.tsx';
import './course-centre.css';

/** /seminar/introduction: what seminars, Frontier Conversations and Cornerstone Workshops are, and the docs/product/constants.md limits. */
export default function SeminarIntroPage() {
  return (
    <div className="cc-page">
      <h1 className="page__title">选课说明</h1>
      <CourseNav />
      <section className="cc-section">
        <h2>{COURSE_CATEGORY_LABELS.seminar}</h2>
        <p>研讨课是小班讨论课，每门课有固定的上课时间和名额。你只能选择本期、本会场开放的课程，且已选课程的上课时间不能互相冲突。</p>
      </section>
      <section className="cc-section">
        <h2>{COURSE_CATEGORY_LABELS.fc}</h2>
        <p>前沿对话是与学者面对面的专题讲座。每位同学最多可额外选择 {COURSE_LIMITS.FC_EXTRA_MAX} 门前沿对话。</p>
      </section>
      <section className="cc-section">
        <h2>{COURSE_CATEGORY_LABELS.cw}</h2>
        <p>基石工作坊训练写作、研究与表达等基础能力。提交选课车前，请至少选择 {COURSE_LIMITS.CW_MIN} 门基石工作坊。</p>
      </section>
      <section className="cc-section">
        <h2>如何选课</h2>
        <ol>
          <li>在「课程目录」浏览课程，把想上的课加入志愿单或选课车。</li>
          <li>志愿分配轮次：在「我的志愿」中排好顺序，截止后由系统按志愿顺序和随机顺序公平分配。</li>
          <li>先到先得轮次：开放时间一到，在「我的课表」中点击「抢课」；倒计时以服务器时间为准。</li>
          <li>课程满员时可加入候补；有同学退选时，候补第一位可选的同学自动补上，并收到站内通知。</li>
        </ol>
      </section>
    </div>
  );
}
