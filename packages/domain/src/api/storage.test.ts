import { describe, expect, it } from 'vitest';
import {
  FILE_URL_PREFIX,
  contentMatchesType,
  fileKeyOf,
  formatByteSize,
  isOwnFileUrl,
  ossCredentialRequestSchema,
  ossDownloadQuerySchema,
  parseUploadKey,
  reportedTypeFits,
  safeUploadFileName,
  uploadTypeOf,
  uploadedFileSchema,
} from './storage.ts';

const HEX = '0123456789abcdef0123456789abcdef';

describe('file addresses', () => {
  it('keeps the {name, url} contract and the owner prefix rule', () => {
    const url = `${FILE_URL_PREFIX}student/7/${HEX}/a.png`;
    expect(uploadedFileSchema.safeParse({ name: 'a.png', url }).success).toBe(true);
    expect(uploadedFileSchema.safeParse({ name: 'a.png', url: 'https://evil.example/a.png' }).success).toBe(false);
    expect(fileKeyOf(url)).toBe(`student/7/${HEX}/a.png`);
    expect(fileKeyOf('/api/oss/file/../x')).toBeNull();
    expect(isOwnFileUrl(url, 'student', 7)).toBe(true);
    expect(isOwnFileUrl(url, 'student', 70)).toBe(false);
  });

  it('parses only keys the platform signs', () => {
    expect(parseUploadKey(`student/7/${HEX}/成绩单.png`)).toEqual({ role: 'student', accountId: 7, fileName: '成绩单.png' });
    for (const bad of [`admin/7/${HEX}/a.png`, `student/07/${HEX}/a.png`, `student/7/${HEX.toUpperCase()}/a.png`, `student/7/${HEX}/../a.png`, `student/7/${HEX}/.env`, `student/7/${HEX}/a b.png`, `student/7/${HEX}/x/a.png`]) {
      expect(parseUploadKey(bad), bad).toBeNull();
    }
  });
});

describe('upload rules', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\简历 final.PDF', '简历_final.PDF'],
    ['..hidden.png', 'hidden.png'],
    ['a#b?c%d.png', 'a_b_c_d.png'],
    ['\u202egnp.exe', 'gnp.exe'],
    ['', 'file'],
  ])('safeUploadFileName(%j) → %j', (input, expected) => {
    expect(safeUploadFileName(input)).toBe(expected);
  });

  it('cuts long names but keeps the extension', () => {
    const name = safeUploadFileName(`${'长'.repeat(300)}.docx`);
    expect(name.length).toBe(120);
    expect(name.endsWith('.docx')).toBe(true);
  });

  it('knows the allowed types by extension, case-insensitively', () => {
    expect(uploadTypeOf('A.JPG')).toEqual({ extension: 'jpg', contentType: 'image/jpeg' });
    expect(uploadTypeOf('x.docx')?.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(uploadTypeOf('x.exe')).toBeNull();
    expect(uploadTypeOf('png')).toBeNull();
  });

  it('accepts vague browser types but not contradicting ones', () => {
    expect(reportedTypeFits('', 'image/png')).toBe(true);
    expect(reportedTypeFits('application/octet-stream', 'application/pdf')).toBe(true);
    expect(reportedTypeFits('image/jpg', 'image/jpeg')).toBe(true);
    expect(reportedTypeFits('text/html', 'image/png')).toBe(false);
  });

  it('sniffs magic bytes', () => {
    expect(contentMatchesType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png')).toBe(true);
    expect(contentMatchesType(Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'image/png')).toBe(false);
    expect(contentMatchesType(Uint8Array.from('%PDF-1.4', (c) => c.charCodeAt(0)), 'application/pdf')).toBe(true);
    expect(contentMatchesType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg')).toBe(true);
    expect(contentMatchesType(Uint8Array.from([0xff, 0xd8]), 'image/jpeg')).toBe(false);
    expect(contentMatchesType(Uint8Array.from([0x50, 0x4b, 3, 4]), 'text/html')).toBe(false);
  });

  it.each([
    [20 * 1024 * 1024, '20MB'],
    [1.5 * 1024 * 1024, '1.5MB'],
    [300 * 1024, '300KB'],
    [50, '50B'],
  ])('formatByteSize(%i) → %s', (bytes, label) => {
    expect(formatByteSize(bytes)).toBe(label);
  });
});

describe('request schemas', () => {
  it('parses a credential request and trims the name', () => {
    expect(ossCredentialRequestSchema.parse({ file_name: ' a.png ', type: 'image/png', file_size: 10 })).toEqual({ file_name: 'a.png', type: 'image/png', file_size: 10 });
  });

  it.each([
    [{ file_name: '', type: '', file_size: 1 }, 'file_name'],
    [{ file_name: 'a.png', type: '', file_size: 1.5 }, 'file_size'],
    [{ file_name: 'a.png', type: '', file_size: '10' }, 'file_size'],
    [{ file_name: 'a.png', file_size: 1 }, 'type'],
    [{ file_name: 'a.png', type: '', file_size: 1, rename: 5 }, 'rename'],
  ])('refuses %j on %s with 参数格式错误', (body, field) => {
    const result = ossCredentialRequestSchema.safeParse(body);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message: '参数格式错误' });
  });

  it('download query takes only platform addresses', () => {
    expect(ossDownloadQuerySchema.safeParse({ url: `${FILE_URL_PREFIX}student/1/${HEX}/a.png`, name: '成绩单' }).success).toBe(true);
    expect(ossDownloadQuerySchema.safeParse({ url: 'https://example.com/a.png' }).success).toBe(false);
  });
});
