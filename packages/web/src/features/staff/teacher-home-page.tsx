import { TEACHER_TYPES } from '@summit/domain';
import { StaffLanding } from './staff-landing.tsx';
import { useTeacherInfo } from './use-teacher-info.ts';

/** /teacher: the teacher's landing. */
export default function TeacherHomePage() {
  const info = useTeacherInfo();
  return (
    <StaffLanding
      heading="教师中心"
      intro={info.data ? `${info.data.name}，您好！` : '欢迎回来'}
      query={info}
      fields={(mask) =>
        info.data
          ? [
              { label: '姓名', value: info.data.name },
              { label: '手机号', value: mask(info.data.phone) },
              { label: '身份', value: TEACHER_TYPES[info.data.type] },
              { label: '管理员', value: info.data.is_admin ? '是' : '否' },
            ]
          : null
      }
      comingSoon="课程管理、签到、作业批改、成绩录入与学院管理将在后续版本陆续开放。"
    />
  );
}
