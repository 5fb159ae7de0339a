/** Account roles, login types and user sub-types (docs/product/users-and-roles.md; docs/api-contract.md). */

export const ROLES = ['student', 'teacher', 'school', 'sl'] as const;
export type Role = (typeof ROLES)[number];

/** `type` in the login result and /api/auth/info. */
export const LOGIN_TYPES = {
  STUDENT: 'STUDENT',
  TEACHER: 'TEACHER',
  SCHOOL: 'SCHOOL',
  SL: 'SL',
} as const;
export type LoginType = (typeof LOGIN_TYPES)[keyof typeof LOGIN_TYPES];
export const LOGIN_TYPE_VALUES = ['STUDENT', 'TEACHER', 'SCHOOL', 'SL'] as const;

export const LOGIN_TYPE_OF_ROLE: Record<Role, LoginType> = {
  student: 'STUDENT',
  teacher: 'TEACHER',
  school: 'SCHOOL',
  sl: 'SL',
};

export const ROLE_OF_LOGIN_TYPE: Record<LoginType, Role> = {
  STUDENT: 'student',
  TEACHER: 'teacher',
  SCHOOL: 'school',
  SL: 'sl',
};

const ROLE_PATH_PREFIXES: ReadonlyArray<readonly [string, Role]> = [
  ['/api/student/', 'student'],
  ['/api/teacher/', 'teacher'],
  // Admin pages belong to teachers with is_admin; the admin check itself is the api's.
  ['/api/admin/', 'teacher'],
  ['/api/school/', 'school'],
  ['/api/sl/', 'sl'],
];

/** The role an API path requires, from its prefix; null for public and any-role paths. */
export function roleOfPath(path: string): Role | null {
  const pathname = path.split('?')[0] ?? '';
  for (const [prefix, role] of ROLE_PATH_PREFIXES) {
    if (pathname.startsWith(prefix)) return role;
  }
  return null;
}

/** True when the path is under /api/admin/ (teacher role plus is_admin). */
export function isAdminPath(path: string): boolean {
  return (path.split('?')[0] ?? '').startsWith('/api/admin/');
}

export const TEACHER_TYPES = {
  1: '教师',
  2: '助教（TF）',
  3: 'CSL',
  4: '工作人员',
  9: '管理员',
} as const;
export type TeacherType = keyof typeof TEACHER_TYPES;
export const TEACHER_TYPE_VALUES = [1, 2, 3, 4, 9] as const;
export const ADMIN_TEACHER_TYPE = 9;

/** Admin is teacher type 9 or a teacher with the is_admin flag. */
export function isAdminTeacher(type: number, isAdminFlag: boolean): boolean {
  return isAdminFlag || type === ADMIN_TEACHER_TYPE;
}

/** Student sub-types (active_type). */
export const ACTIVE_TYPES = {
  1: '学生',
  3: 'SSI',
  4: '志愿者',
  8: '实习生',
  12: '志愿者实习生',
} as const;
export type ActiveType = keyof typeof ACTIVE_TYPES;
export const ACTIVE_TYPE_VALUES = [1, 3, 4, 8, 12] as const;

const HIGH_SCHOOL_ACTIVE_TYPES: readonly number[] = [1, 3];
const VOLUNTEER_ACTIVE_TYPES: readonly number[] = [4, 12];
const ANALYTICS_VOLUNTEER_TYPES: readonly number[] = [4, 8, 12];

/** Types 1 (student) and 3 (SSI) are high-school students. */
export function isHighSchoolStudent(activeType: number | null | undefined): boolean {
  return activeType != null && HIGH_SCHOOL_ACTIVE_TYPES.includes(activeType);
}

/** Every known non-high-school type (volunteer, trainee, volunteer trainee) is a college student. */
export function isCollegeStudent(activeType: number | null | undefined): boolean {
  return activeType != null && activeType in ACTIVE_TYPES && !isHighSchoolStudent(activeType);
}

/** Volunteers (4) and volunteer trainees (12) follow the volunteer application instead of the student one. */
export function isVolunteer(activeType: number | null | undefined): boolean {
  return activeType != null && VOLUNTEER_ACTIVE_TYPES.includes(activeType);
}

export type AnalyticsUserType = 'student' | 'volunteer';

/** docs/product/users-and-roles.md: 4, 8, 12 are volunteer type; 0, 1, 3 and anything unknown are student type. */
export function analyticsUserType(activeType: number | null | undefined): AnalyticsUserType {
  return activeType != null && ANALYTICS_VOLUNTEER_TYPES.includes(activeType) ? 'volunteer' : 'student';
}
