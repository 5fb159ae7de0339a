import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../index.ts';
import { clockOffsetMs, clockResponseSchema, emptyResponseSchema, platSchema, queryIdSchema } from './common.ts';

describe('common schemas', () => {
  it.each([
    ['1', 1],
    [' 42 ', 42],
    [7, 7],
  ])('queryIdSchema(%j) → %i', (input, expected) => {
    expect(queryIdSchema.parse(input)).toBe(expected);
  });

  it.each(['', '0', '-2', 'abc', '2.5', '9007199254740993'])('queryIdSchema rejects %j', (input) => {
    expect(queryIdSchema.safeParse(input).success).toBe(false);
  });

  it('knows the three platforms', () => {
    expect(['web', 'wechat', 'wechatweb'].map((p) => platSchema.safeParse(p).success)).toEqual([true, true, true]);
    expect(platSchema.safeParse('ios').success).toBe(false);
  });

  it('describes the clock and empty answers', () => {
    expect(clockResponseSchema.parse({ status: 200, msg: '', data: { now: 1_700_000_000_000 } }).data?.now).toBe(1_700_000_000_000);
    expect(clockResponseSchema.safeParse({ status: 200, msg: '', data: { now: '1' } }).success).toBe(false);
    expect(emptyResponseSchema.parse({ status: 200, msg: '密码已重置，请使用新密码登录' }).msg).toBe('密码已重置，请使用新密码登录');
  });

  it.each([
    // server now, sent at, received at, offset
    [10_500, 10_000, 11_000, 0],
    [20_500, 10_000, 11_000, 10_000],
    [5_000, 10_000, 10_000, -5_000],
    [10_000, 10_000, 10_001, 0],
  ])('clockOffsetMs(%i, %i, %i) → %i', (serverNow, sent, received, offset) => {
    expect(clockOffsetMs(serverNow, sent, received)).toBe(offset);
  });
});

/** Every exported request and query schema, by name. */
const requestSchemas = Object.entries(domain as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => /(Request|Query)Schema$/.test(entry[0]) && entry[1] instanceof z.ZodType,
);

describe('every request schema', () => {
  it('is found', () => {
    expect(requestSchemas.map(([name]) => name).sort()).toEqual([
      'activityListQuerySchema',
      'adminAidListQuerySchema',
      'adminApplicationListQuerySchema',
      'adminPlacementStudentsQuerySchema',
      'adminProgrammeApplicationsQuerySchema',
      'adminRefundListQuerySchema',
      'adminSignupsQuerySchema',
      'aidDecideRequestSchema',
      'aliasApplyRequestSchema',
      'analyticsExportQuerySchema',
      'applyStepRequestSchema',
      'assignmentSaveRequestSchema',
      'attendanceOverrideRequestSchema',
      'auditQuerySchema',
      'badgeAwardsQuerySchema',
      'bursaryApplyRequestSchema',
      'buryDotRequestSchema',
      'captchaAnswerRequestSchema',
      'captchaQuestionRequestSchema',
      'centreCourseListQuerySchema',
      'certificateCourseQuerySchema',
      'certificateIssueRequestSchema',
      'certificateRuleUpdateRequestSchema',
      'checkinRequestSchema',
      'checklistItemRequestSchema',
      'checklistMessageRequestSchema',
      'checklistPreferenceRequestSchema',
      'checklistProgressQuerySchema',
      'checklistUploadRequestSchema',
      'checklistWaiveRequestSchema',
      'cityListQuerySchema',
      'contentDraftRequestSchema',
      'contentSlugQuerySchema',
      'courseAssistantRequestSchema',
      'courseListQuerySchema',
      'courseRosterAddRequestSchema',
      'courseRosterCandidatesQuerySchema',
      'cslHouseRequestSchema',
      'deadlinesUpdateRequestSchema',
      'decisionSaveRequestSchema',
      'dueDateExtendRequestSchema',
      'essaySaveRequestSchema',
      'feePlanUpdateRequestSchema',
      'feeSettingsUpdateRequestSchema',
      'feedbackRequestSchema',
      'forumPageQuerySchema',
      'funnelQuerySchema',
      'gradeComponentsRequestSchema',
      'gradePublishRequestSchema',
      'gradingRequestSchema',
      'houseCupLedgerQuerySchema',
      'houseLatecomersRequestSchema',
      'houseSortRequestSchema',
      'houseStudentsQuerySchema',
      'letterCreateRequestSchema',
      'letterWriteRequestSchema',
      'limitedPaidSaveRequestSchema',
      'loginRequestSchema',
      'mfaCodeRequestSchema',
      'mfaConfirmRequestSchema',
      'mfaSetupConfirmRequestSchema',
      'mfaSetupRequestSchema',
      'mfaVerifyRequestSchema',
      'mpExchangeRequestSchema',
      'mpLinkRequestSchema',
      'mpLoginRequestSchema',
      'mpPayRequestSchema',
      'mpPollQuerySchema',
      'mpReferrerRequestSchema',
      'mpSceneActionRequestSchema',
      'offeringSaveRequestSchema',
      'offeringSignupRequestSchema',
      'officeHourBookRequestSchema',
      'officeHourCreateRequestSchema',
      'officeHourQuerySchema',
      'opsCourseQuerySchema',
      'opsGradeQuerySchema',
      'opsSignQuerySchema',
      'ossCredentialRequestSchema',
      'ossDownloadQuerySchema',
      'outboxQuerySchema',
      'pageViewsQuerySchema',
      'parentLinkRequestSchema',
      'passportRequestSchema',
      'passwordChangeRequestSchema',
      'payForRequestSchema',
      'paymentCreateRequestSchema',
      'placementSeenRequestSchema',
      'privacyEraseRequestSchema',
      'privacyExportQuerySchema',
      'programmeCreateRequestSchema',
      'programmeDecisionRequestSchema',
      'programmeDueDateExtendRequestSchema',
      'programmeDurationRequestSchema',
      'programmeFactsUpdateRequestSchema',
      'programmePaymentRequestSchema',
      'programmeReleaseRequestSchema',
      'programmeStepSaveRequestSchema',
      'programmeUpdateRequestSchema',
      'publicationRequestSchema',
      'recipientCountRequestSchema',
      'reconMismatchQuerySchema',
      'reconNoteRequestSchema',
      'reconRunListQuerySchema',
      'reconRunRequestSchema',
      'refundCreateRequestSchema',
      'refundPolicyUpdateRequestSchema',
      'refundRejectRequestSchema',
      'registerRequestSchema',
      'releaseRequestSchema',
      'resetRequestSchema',
      'schoolRecommendRequestSchema',
      'schoolSearchQuerySchema',
      'schoolStudentListQuerySchema',
      'securitySettingsUpdateRequestSchema',
      'seminarSignupQuerySchema',
      'signListQuerySchema',
      'signOpenRequestSchema',
      'siteContactUpdateRequestSchema',
      'siteQrUpdateRequestSchema',
      'staffCreateRequestSchema',
      'staffListQuerySchema',
      'staffPermissionRequestSchema',
      'staffUpdateRequestSchema',
      'stateListQuerySchema',
      'studentFilterQuerySchema',
      'studentFormQuerySchema',
      'studentFormRequestSchema',
      'studentGradeRequestSchema',
      'studentInfoUpdateRequestSchema',
      'studentListQuerySchema',
      'studentLookupQuerySchema',
      'studentOfferingsQuerySchema',
      'studentReadingQuerySchema',
      'studentTagsRequestSchema',
      'studentUpdateRequestSchema',
      'submissionRequestSchema',
      'talentShowQuerySchema',
      'teacherCourseListQuerySchema',
      'teacherNoticeRequestSchema',
      'testerRequestSchema',
      'timeSheetListQuerySchema',
      'timeSheetUpdateRequestSchema',
      'venueMoveRequestSchema',
      'venueRuleRequestSchema',
      'visaRequestSchema',
      'visaReviewRequestSchema',
      'wechatJsConfigQuerySchema',
      'wechatLinkRequestSchema',
      'wechatOauthCallbackRequestSchema',
      'wechatOauthStartQuerySchema',
      'wechatOauthStartRequestSchema',
      'wechatPayOauthQuerySchema',
      'wecomAuthorizeRequestSchema',
      'wecomBindRequestSchema',
      'wecomCallbackQuerySchema',
      'wecomEidRequestSchema',
      'wecomStaffLinkRequestSchema',
      'zoneListQuerySchema',
    ]);
  });

  const huge = 'x'.repeat(1_000_000);
  const fields = ['phone_code', 'phone', 'code', 'password', 'name', 'email', 'school_name', 'event', 'ip', 'country_id', 'state_id', 'city_id', 'zone_id', 'type'];

  it.each(requestSchemas)('%s never accepts a megabyte string, and says why in Chinese', (_name, schema) => {
    for (const field of fields) {
      const result = schema.safeParse({ [field]: huge });
      // Unknown keys are stripped; a known field must reject the value.
      if (result.success) expect(result.data).not.toHaveProperty(field);
      for (const issue of result.error?.issues ?? []) expect(issue.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it.each(requestSchemas)('%s rejects non-objects with a Chinese message', (_name, schema) => {
    for (const body of [null, 'text', 42, []]) {
      const result = schema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it.each(requestSchemas)('%s has an input JSON Schema for OpenAPI', (_name, schema) => {
    expect(z.toJSONSchema(schema, { io: 'input' })).toHaveProperty('type', 'object');
  });
});

describe('every response schema', () => {
  const responseSchemas = Object.entries(domain as Record<string, unknown>).filter(
    (entry): entry is [string, z.ZodType] => /ResponseSchema$/.test(entry[0]) && entry[1] instanceof z.ZodType,
  );

  it.each(responseSchemas)('%s is an envelope with an output JSON Schema', (_name, schema) => {
    const json = z.toJSONSchema(schema, { io: 'output' }) as { properties?: Record<string, unknown> };
    expect(Object.keys(json.properties ?? {})).toEqual(expect.arrayContaining(['status', 'msg']));
    expect(schema.safeParse({ status: 4003, msg: '手机格式错误' }).success).toBe(true);
  });
});
