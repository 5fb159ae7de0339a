// Fills a programme's generic form (decisions 075, 076) from its definition as the API gives it, the way a person
// would: each question found by its label and answered by its type.
import type { Page } from '@playwright/test';
import type { MyApplication, ProgrammeStep } from '@summit/domain';
import { expect } from './fixtures.ts';
import { ESSAY, TINY_PNG, chooseOption, expectUploaded, formItem } from './admission.ts';
import { callApi } from './api.ts';

export async function applicationViaApi(baseURL: string, role: 'student' | 'sl', code: string, token: string): Promise<MyApplication> {
  const res = await callApi<MyApplication>(baseURL, 'GET', `/api/${role}/programmes/${code}/application`, { token });
  if (res.status !== 200) throw new Error(`application ${code}: ${String(res.status)} ${res.msg}`);
  return res.data as MyApplication;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Answers every question of the step shown (required or not), uploads included. */
export async function fillProgrammeStep(page: Page, step: ProgrammeStep): Promise<void> {
  await expect(page.getByRole('heading', { name: new RegExp(escape(step.title)) })).toBeVisible({ timeout: 15_000 });
  for (const q of step.questions) {
    const item = formItem(page, escape(q.label));
    switch (q.type) {
      case 'text':
        await item.getByRole('textbox').fill('测试填写');
        break;
      case 'textarea':
        await item.getByRole('textbox').fill(ESSAY.slice(0, Math.min(q.max_length ?? 2000, 80)));
        break;
      case 'radio':
        await item.getByText(q.options![0]!, { exact: true }).click();
        break;
      case 'checkbox':
        await item.getByText(q.options![0]!, { exact: true }).click();
        break;
      case 'select':
        await chooseOption(page, escape(q.label), q.options![0]!);
        break;
      case 'date':
        await item.locator('.ant-picker').click();
        await page.locator('.ant-picker-dropdown:visible').getByText('今天', { exact: true }).click();
        break;
      case 'upload': {
        const accept = q.accept ?? ['png'];
        const useImage = accept.includes('png');
        const name = useImage ? `${q.key}.png` : `${q.key}.pdf`;
        await item.getByTestId('file-input').setInputFiles(
          useImage ? { name, mimeType: 'image/png', buffer: TINY_PNG } : { name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
        );
        await expectUploaded(item, name);
        break;
      }
    }
  }
}
