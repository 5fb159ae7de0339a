import { describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text.ts';

function fakeDocument(copies: boolean) {
  const area = { value: '', style: { cssText: '' }, setAttribute: vi.fn(), select: vi.fn(), setSelectionRange: vi.fn(), remove: vi.fn() };
  const doc = {
    createElement: vi.fn(() => area),
    body: { appendChild: vi.fn() },
    execCommand: vi.fn(() => copies),
  };
  return { doc: doc as unknown as Document, area };
}

describe('copyText', () => {
  it('uses the Clipboard API when it is there', async () => {
    const writeText = vi.fn(async () => undefined);
    const { doc } = fakeDocument(true);
    expect(await copyText('SummitAcademy2027', { clipboard: { writeText }, document: doc })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('SummitAcademy2027');
    expect(doc.execCommand).not.toHaveBeenCalled();
  });

  it('falls back to selecting a hidden textarea when the Clipboard API refuses or is missing, and cleans up', async () => {
    const refused = vi.fn(async () => {
      throw new Error('NotAllowedError');
    });
    const { doc, area } = fakeDocument(true);
    expect(await copyText('SummitAcademy2027', { clipboard: { writeText: refused }, document: doc })).toBe(true);
    expect(area.value).toBe('SummitAcademy2027');
    expect(doc.execCommand).toHaveBeenCalledWith('copy');
    expect(area.remove).toHaveBeenCalled();
    const none = fakeDocument(true);
    expect(await copyText('x', { clipboard: undefined, document: none.doc })).toBe(true);
  });

  it('reports failure when neither way copies', async () => {
    const { doc } = fakeDocument(false);
    expect(await copyText('x', { clipboard: undefined, document: doc })).toBe(false);
    expect(await copyText('x', { clipboard: undefined, document: undefined })).toBe(false);
  });
});
