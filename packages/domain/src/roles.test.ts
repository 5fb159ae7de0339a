import { describe, expect, it } from 'vitest';
import {
  ACTIVE_TYPES,
  LOGIN_TYPE_OF_ROLE,
  ROLES,
  ROLE_OF_LOGIN_TYPE,
  TEACHER_TYPES,
  analyticsUserType,
  isAdminPath,
  isAdminTeacher,
  isCollegeStudent,
  isHighSchoolStudent,
  isVolunteer,
  roleOfPath,
} from './roles.ts';

describe('roles and login types', () => {
  it('maps each role to its login type and back', () => {
    expect(ROLES).toEqual(['student', 'teacher', 'school', 'sl']);
    for (const role of ROLES) expect(ROLE_OF_LOGIN_TYPE[LOGIN_TYPE_OF_ROLE[role]]).toBe(role);
    expect(Object.values(LOGIN_TYPE_OF_ROLE)).toEqual(['STUDENT', 'TEACHER', 'SCHOOL', 'SL']);
  });
});

describe('roleOfPath', () => {
  it.each([
    ['/api/student/info', 'student'],
    ['/api/student/status?x=1', 'student'],
    ['/api/teacher/info', 'teacher'],
    ['/api/admin/students', 'teacher'],
    ['/api/school/info', 'school'],
    ['/api/sl/info', 'sl'],
    ['/api/login', null],
    ['/api/auth/info', null],
    ['/api/region/countries', null],
    ['/api/students', null],
    ['/api/student', null],
    ['/api/slx/info', null],
    ['/student/apply', null],
    ['/x?next=/api/student/info', null],
  ])('%s → %j', (path, role) => {
    expect(roleOfPath(path)).toBe(role);
  });

  it.each([
    ['/api/admin/students', true],
    ['/api/teacher/info', false],
    ['/api/administrator', false],
  ])('isAdminPath(%s) → %s', (path, expected) => {
    expect(isAdminPath(path)).toBe(expected);
  });
});

describe('teacher types', () => {
  it('has the five spec types', () => {
    expect(Object.keys(TEACHER_TYPES).map(Number)).toEqual([1, 2, 3, 4, 9]);
    expect(TEACHER_TYPES[1]).toBe('教师');
    expect(TEACHER_TYPES[9]).toBe('管理员');
  });

  it.each([
    [9, false, true],
    [1, true, true],
    [1, false, false],
    [4, false, false],
  ])('isAdminTeacher(%i, %s) → %s', (type, flag, expected) => {
    expect(isAdminTeacher(type, flag)).toBe(expected);
  });
});

describe('student sub-types', () => {
  it('has the five spec active types', () => {
    expect(Object.keys(ACTIVE_TYPES).map(Number)).toEqual([1, 3, 4, 8, 12]);
  });

  it.each([
    // type, high school, college, volunteer flow, analytics
    [0, false, false, false, 'student'],
    [1, true, false, false, 'student'],
    [3, true, false, false, 'student'],
    [4, false, true, true, 'volunteer'],
    [8, false, true, false, 'volunteer'],
    [12, false, true, true, 'volunteer'],
    [2, false, false, false, 'student'],
    [99, false, false, false, 'student'],
    [null, false, false, false, 'student'],
    [undefined, false, false, false, 'student'],
  ] as const)('active_type %j', (type, highSchool, college, volunteer, analytics) => {
    expect(isHighSchoolStudent(type)).toBe(highSchool);
    expect(isCollegeStudent(type)).toBe(college);
    expect(isVolunteer(type)).toBe(volunteer);
    expect(analyticsUserType(type)).toBe(analytics);
  });
});
