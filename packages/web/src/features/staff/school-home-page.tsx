import { useQuery } from '@tanstack/react-query';
import { schoolInfoSchema } from '@summit/domain';
import { api } from '../../lib/api-client.ts';
import { StaffLanding } from './staff-landing.tsx';

/** /school-student: a partner school's landing. */
export default function SchoolHomePage() {
  const info = useQuery({
    queryKey: ['school', 'info'],
    queryFn: ({ signal }) => api.get('/school/info', { schema: schoolInfoSchema, signal }),
  });
  return (
    <StaffLanding
      heading="学校中心"
      intro={info.data?.school_name ? `${info.data.school_name}` : '合作学校账号'}
      query={info}
      fields={(mask) =>
        info.data
          ? [
              { label: '联系人', value: info.data.name },
              { label: '手机号', value: mask(info.data.phone) },
              { label: '学校', value: info.data.school_name || '未绑定' },
            ]
          : null
      }
      comingSoon="本校学生的申请进度、推荐与录取情况查询及导出将在后续版本开放。"
    />
  );
}
