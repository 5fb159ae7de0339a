import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import './home-page.css';

const HIGHLIGHTS = [
  { title: '学术课程', text: '由高校教师设计的线上课程，覆盖人文、社科与理工方向，小班研讨，课后有作业与反馈。' },
  { title: '导师同行', text: '每位学员都有助教与学术导师跟进，从选课、研讨到结课项目全程陪伴。' },
  { title: '同辈社群', text: '与来自全国各地的高中生组成学院与小组，一起讨论、合作、展示成果。' },
];

/** The public landing for this milestone: the programme, one line of pitch, and the way in. */
export default function HomePage() {
  const loggedIn = Boolean(authStorage.currentToken());
  return (
    <div className="home">
      <section className="home-hero">
        <div className="home-hero__inner">
          <p className="home-hero__eyebrow">线上暑期学术项目 · 面向高中生</p>
          <h1 className="home-hero__title">Summit 高中生夏季学术项目</h1>
          <p className="home-hero__pitch">和一流学者同行，用一个夏天完成一次真正的学术探索。</p>
          <div className="home-hero__actions">
            {loggedIn ? (
              <Link to={PATHS.account} className="home-button home-button--primary">
                进入个人中心
              </Link>
            ) : (
              <>
                <Link to={PATHS.register} className="home-button home-button--primary">
                  注册
                </Link>
                <Link to={PATHS.login} className="home-button home-button--ghost">
                  登录
                </Link>
              </>
            )}
          </div>
        </div>
      </section>
      <section className="home-highlights" aria-label="项目特色">
        {HIGHLIGHTS.map((item) => (
          <article key={item.title} className="home-highlight">
            <h2 className="home-highlight__title">{item.title}</h2>
            <p className="home-highlight__text">{item.text}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
