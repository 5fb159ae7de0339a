import { describe, expect, it } from 'vitest';
import { PATHS } from '../../lib/paths.ts';
import { formOfPath } from './onboarding-form-page.tsx';

describe('formOfPath', () => {
  it('maps each of the spec’s six paths to its form', () => {
    expect(
      [PATHS.sceneFormBasic, PATHS.studentInformation, PATHS.sceneFormHealth, PATHS.studentBaseHealthInfo, PATHS.sceneFormAddress, PATHS.studentPreviousInfo].map(formOfPath),
    ).toEqual(['basic', 'basic', 'health', 'health', 'address', 'previous']);
  });
});
