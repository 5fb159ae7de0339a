import { AppError, MSG, isAdminTeacher, permissionsOf, type TeacherType } from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { findAccount, findSchoolById, findStudent, findStudentInfo, saveStudentInfo } from './profile.repo.ts';
import { regionExists } from '../region/region.service.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function loadStudent(ctx: AppContext, auth: AuthState) {
  const row = await findStudent(ctx.db, auth.accountId);
  if (!row) throw AppError.login();
  return row;
}

/** The docs/product/data.md student-status object, computed from the profile row on every call (no cached copy). */
export async function getStudentStatus(ctx: AppContext, auth: AuthState) {
  const { profile: p } = await loadStudent(ctx, auth);
  return {
    user_id: p.accountId,
    active_type: p.activeType,
    batch_str: p.batchStr,
    activate_status_v5: {
      activate_at: iso(p.activatedAt),
      info_completed: p.infoCompletedAt !== null,
      info_completed_at: iso(p.infoCompletedAt),
      apply_paid: p.applyPaidAt !== null,
      apply_paid_at: iso(p.applyPaidAt),
      active_type: p.activeType,
    },
    apply_v5: {
      step1_submitted: p.step1SubmittedAt !== null,
      step1_submitted_at: iso(p.step1SubmittedAt),
      step2_submitted: p.step2SubmittedAt !== null,
      step2_submitted_at: iso(p.step2SubmittedAt),
    },
    is_apply_paid: p.applyPaidAt !== null,
    is_tuition_paid: p.tuitionPaidAt !== null,
    tuition_paid_at: iso(p.tuitionPaidAt),
    offer_letter: p.offerLetter,
    offer_created_at: iso(p.offerCreatedAt),
    place_track: p.placeName || p.professionalTrack ? { place_name: p.placeName ?? '', professional_track: p.professionalTrack ?? '' } : null,
    user_tags: p.userTags,
  };
}

export async function getStudentInfo(ctx: AppContext, auth: AuthState) {
  const r = await findStudentInfo(ctx.db, auth.accountId);
  if (!r) throw AppError.login();
  return {
    phone: r.phone,
    phone_code: r.phoneCode,
    name: r.name,
    email: r.email ?? '',
    school_country_id: r.schoolCountryId,
    school_state_id: r.schoolStateId,
    school_city_id: r.schoolCityId,
    school_zone_id: r.schoolZoneId,
    school_id: r.schoolId,
    school_name: r.schoolName ?? '',
    info_completed: r.infoCompletedAt !== null,
  };
}

export interface StudentInfoInput {
  name: string;
  email: string;
  school_country_id: number;
  area_id: number[];
  school_id?: number | null | undefined;
  school_name?: string | null | undefined;
}

export async function updateStudentInfo(ctx: AppContext, auth: AuthState, input: StudentInfoInput) {
  await loadStudent(ctx, auth);
  const [stateId = null, cityId = null, zoneId = null] = input.area_id;
  if (!regionExists({ countryId: input.school_country_id, stateId, cityId, zoneId })) {
    throw AppError.param('area_id', MSG.AREA_REQUIRED);
  }
  let schoolName = input.school_name?.trim() ?? '';
  let schoolId: number | null = null;
  if (input.school_id) {
    const school = await findSchoolById(ctx.db, input.school_id);
    if (!school) throw AppError.param('school_id', MSG.SCHOOL_REQUIRED);
    schoolId = school.id;
    schoolName = school.name;
  }
  if (!schoolName) throw AppError.param('school_name', MSG.SCHOOL_REQUIRED);
  await saveStudentInfo(ctx.db, auth.accountId, {
    name: input.name.trim(),
    email: input.email.trim(),
    countryId: input.school_country_id,
    stateId,
    cityId,
    zoneId,
    schoolId,
    schoolName,
    now: ctx.now(),
  });
  return getStudentInfo(ctx, auth);
}

async function loadAccount(ctx: AppContext, auth: AuthState) {
  const account = await findAccount(ctx.db, auth.accountId);
  if (!account) throw AppError.login();
  return account;
}

export async function getTeacherInfo(ctx: AppContext, auth: AuthState) {
  const a = await loadAccount(ctx, auth);
  const subject = { role: a.role, teacherType: a.teacherType ?? 1, isAdmin: isAdminTeacher(a.teacherType ?? 1, a.isAdmin) };
  return { user_id: a.id, name: a.name, phone: a.phone, type: subject.teacherType as TeacherType, is_admin: subject.isAdmin, permissions: permissionsOf(subject) };
}

export async function getSchoolInfo(ctx: AppContext, auth: AuthState) {
  const a = await loadAccount(ctx, auth);
  const school = a.schoolId ? await findSchoolById(ctx.db, a.schoolId) : undefined;
  return { user_id: a.id, name: a.name, phone: a.phone, school_id: a.schoolId, school_name: school?.name ?? '' };
}

export async function getSlInfo(ctx: AppContext, auth: AuthState) {
  const a = await loadAccount(ctx, auth);
  const school = a.schoolId ? await findSchoolById(ctx.db, a.schoolId) : undefined;
  return { user_id: a.id, name: a.name, phone: a.phone, school_name: school?.name ?? '' };
}
