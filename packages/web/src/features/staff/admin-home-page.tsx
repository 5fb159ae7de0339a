import { MSG, TEACHER_TYPES, isAdminTeacher } from '@summit/domain';
import { StaffLanding } from './staff-landing.tsx';
import { useTeacherInfo } from './use-teacher-info.ts';

/** /admin: the administrators' landing; other teachers see 无权限访问！. */
export default function AdminHomePage() {
  const info = useTeacherInfo();
  const allowed = info.data ? isAdminTeacher(info.data.type, info.data.is_admin) : true;
  return (
    <StaffLanding
      heading="管理后台"
      intro={info.data ? `${info.data.name}，您好！` : '欢迎回来'}
      query={info}
      denied={allowed ? null : MSG.NO_PERMISSION}
      fields={(mask) =>
        info.data
          ? [
              { label: '姓名', value: info.data.name },
              { label: '手机号', value: mask(info.data.phone) },
              { label: '身份', value: TEACHER_TYPES[info.data.type] },
            ]
          : null
      }
      comingSoon="学生管理、申请审核、录取发放、课程与会场配置、数据导出等管理功能将在后续版本陆续开放。"
    />
  );
}
