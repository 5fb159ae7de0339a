import { useQuery } from '@tanstack/react-query';
import { slInfoSchema } from '@summit/domain';
import { api } from '../../lib/api-client.ts';
import { StaffLanding } from './staff-landing.tsx';

/** /sl/application: a student leader's landing. */
export default function SlHomePage() {
  const info = useQuery({
    queryKey: ['sl', 'info'],
    queryFn: ({ signal }) => api.get('/sl/info', { schema: slInfoSchema, signal }),
  });
  return (
    <StaffLanding
      heading="学生领袖"
      intro={info.data ? `${info.data.name}，你好！` : '欢迎回来'}
      query={info}
      fields={(mask) =>
        info.data
          ? [
              { label: '姓名', value: info.data.name },
              { label: '手机号', value: mask(info.data.phone) },
              { label: '学校', value: info.data.school_name || '未填写' },
            ]
          : null
      }
      comingSoon="学生领袖申请表与申请进度将在后续版本开放。"
    />
  );
}
