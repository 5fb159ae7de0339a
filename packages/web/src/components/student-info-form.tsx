import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { studentInfoSchema, type StudentInfo } from '@summit/domain/api/student';
import { isCollegeStudent, isHighSchoolStudent } from '@summit/domain/roles';
import type { StudentStatus } from '@summit/domain/student-status';
import { CHINA_COUNTRY_ID, areaSchema, emailSchema, nameSchema, requiredSelectSchema, schoolProblem } from '@summit/domain/validation';
import { ApiError, api } from '../lib/api-client.ts';
import { zodRule } from '../lib/form-rules.ts';
import { queryClient } from '../lib/query-client.ts';
import { SESSION_KEYS } from '../lib/session.ts';
import { AreaCascader } from './area-cascader.tsx';
import { CountrySelect } from './country-select.tsx';
import { regionChildrenQuery } from './region-data.ts';
import { SchoolSelect, type SchoolValue } from './school-select.tsx';
import './student-info-form.css';

interface InfoFormValues {
  name?: string;
  email?: string;
  school_country_id?: number;
  area_id?: number[];
  school?: SchoolValue;
}

/** Server field (4003 `data.field`) → form field, so the server's message lands under the right input. */
const SERVER_FIELDS: Record<string, keyof InfoFormValues> = {
  name: 'name',
  email: 'email',
  school_country_id: 'school_country_id',
  area_id: 'area_id',
  school_id: 'school',
  school_name: 'school',
};

function initialValuesOf(info: StudentInfo | null | undefined): InfoFormValues {
  const area = [info?.school_state_id, info?.school_city_id, info?.school_zone_id].filter(
    (id): id is number => typeof id === 'number',
  );
  return {
    name: info?.name ?? '',
    email: info?.email ?? '',
    school_country_id: info?.school_country_id ?? CHINA_COUNTRY_ID,
    area_id: area,
    school: { school_id: info?.school_id ?? null, school_name: info?.school_name ?? '' },
  };
}

/** High-school students pick among 中学 (type 1), college-age volunteers among 大学 (type 2). */
function schoolTypeFor(status: StudentStatus | undefined): number | null {
  if (!status) return null;
  if (isHighSchoolStudent(status.active_type)) return 1;
  return isCollegeStudent(status.active_type) ? 2 : null;
}

const schoolRule = {
  validator: async (_rule: unknown, value: SchoolValue | undefined) => {
    const problem = schoolProblem({ school_id: value?.school_id ?? null, school_name: value?.school_name ?? '' });
    if (problem) throw new Error(problem);
  },
};

/**
 * The student profile form of /info (COMPLETE_INFO) and /account/edit: 真实姓名, 邮箱, 学校所在国家,
 * 学校所在地区 (all of China, including 港澳台), 学校. Rules are the domain's, so messages match the server.
 */
export function StudentInfoForm({
  initial,
  submitText,
  onSaved,
}: {
  initial?: StudentInfo | null;
  submitText: string;
  onSaved: (info: StudentInfo) => void;
}) {
  const [form] = Form.useForm<InfoFormValues>();
  const [saving, setSaving] = useState(false);
  const countryId = Form.useWatch('school_country_id', form) ?? initial?.school_country_id ?? CHINA_COUNTRY_ID;
  const areaIds = Form.useWatch('area_id', form) ?? [];
  // Student pages load the status before entry, so it is in the cache here.
  const schoolType = schoolTypeFor(queryClient.getQueryData<StudentStatus>(SESSION_KEYS.studentStatus));

  // Countries without states in the data (most outside China) have no area to choose: the country is it.
  const states = useQuery(regionChildrenQuery('states', countryId));
  const hasAreas = countryId === CHINA_COUNTRY_ID || (states.data?.length ?? 0) > 0;

  const onValuesChange = (changed: InfoFormValues) => {
    if ('school_country_id' in changed) {
      form.setFieldsValue({ area_id: [], school: { school_id: null, school_name: '' } });
    } else if ('area_id' in changed) {
      // A school picked from the old area's list no longer fits; a typed name is kept.
      const school = form.getFieldValue('school') as SchoolValue | undefined;
      if (school?.school_id) form.setFieldsValue({ school: { school_id: null, school_name: '' } });
    }
  };

  const submit = async (values: InfoFormValues) => {
    setSaving(true);
    try {
      const info = await api.post(
        '/student/info',
        {
          name: values.name?.trim() ?? '',
          email: values.email?.trim() ?? '',
          school_country_id: values.school_country_id ?? CHINA_COUNTRY_ID,
          area_id: hasAreas ? (values.area_id ?? []) : [],
          school_id: values.school?.school_id ?? null,
          school_name: values.school?.school_name.trim() || null,
        },
        { schema: studentInfoSchema, fieldNames: Object.keys(SERVER_FIELDS) },
      );
      queryClient.setQueryData(SESSION_KEYS.studentInfo, info);
      await queryClient.invalidateQueries({ queryKey: SESSION_KEYS.studentStatus });
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      onSaved(info);
    } catch (error) {
      if (error instanceof ApiError && error.field && error.handledByCaller) {
        const field = SERVER_FIELDS[error.field];
        if (field) form.setFields([{ name: field, errors: [error.msg] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<InfoFormValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={initialValuesOf(initial)}
      onValuesChange={onValuesChange}
      onFinish={(values) => void submit(values)}
      validateTrigger={['onBlur']}
      className="info-form"
    >
      <Form.Item label="真实姓名" name="name" required rules={[zodRule(nameSchema)]}>
        <Input placeholder="请输入真实姓名" maxLength={50} autoComplete="name" />
      </Form.Item>
      <Form.Item label="邮箱" name="email" required rules={[zodRule(emailSchema)]}>
        <Input placeholder="请输入邮箱" maxLength={254} inputMode="email" autoComplete="email" />
      </Form.Item>
      <Form.Item
        label="学校所在国家"
        name="school_country_id"
        required
        rules={[zodRule(requiredSelectSchema)]}
        validateTrigger={['onChange', 'onBlur']}
      >
        <CountrySelect />
      </Form.Item>
      {hasAreas ? (
        <Form.Item
          label="学校所在地区"
          name="area_id"
          required
          rules={[zodRule(areaSchema)]}
          validateTrigger={['onChange', 'onBlur']}
        >
          <AreaCascader key={countryId} countryId={countryId} />
        </Form.Item>
      ) : null}
      <Form.Item label="学校" name="school" required rules={[schoolRule]} validateTrigger={['onBlur']}>
        <SchoolSelect
          filter={{ country_id: countryId, state_id: areaIds[0] ?? null, city_id: areaIds[1] ?? null, type: schoolType }}
        />
      </Form.Item>
      <Form.Item className="info-form__submit">
        <Button type="primary" htmlType="submit" block loading={saving}>
          {submitText}
        </Button>
      </Form.Item>
    </Form>
  );
}
