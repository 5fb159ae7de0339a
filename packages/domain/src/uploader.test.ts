import { describe, expect, it } from 'vitest';
import {
  UPLOAD_RETRIES,
  type UploaderEvent,
  type UploaderState,
  initialUploaderState,
  isAcceptedFileType,
  shouldRetryUpload,
  uploaderTransition,
} from './uploader.ts';

const FILE = { name: 'photo.png', url: 'https://files.example/photo.png' };
const READY: UploaderState = { status: 'READY' };
const LOAD: UploaderState = { status: 'LOAD', fileName: 'photo.png' };
const SUCCESS: UploaderState = { status: 'SUCCESS', file: FILE };
const ERROR: UploaderState = { status: 'ERROR', fileName: 'photo.png', message: '上传失败 请重新上传' };

const choose: UploaderEvent = { type: 'choose', fileName: 'photo.png' };
const success: UploaderEvent = { type: 'success', file: FILE };
const fail: UploaderEvent = { type: 'fail', message: '上传失败 请重新上传' };
const clear: UploaderEvent = { type: 'clear' };
const retry: UploaderEvent = { type: 'retry' };

describe('uploaderTransition', () => {
  it.each([
    ['READY', READY, choose, LOAD],
    ['READY', READY, success, READY],
    ['READY', READY, fail, READY],
    ['READY', READY, clear, READY],
    ['READY', READY, retry, READY],
    ['LOAD', LOAD, success, SUCCESS],
    ['LOAD', LOAD, fail, ERROR],
    ['LOAD', LOAD, choose, LOAD],
    ['LOAD', LOAD, clear, READY],
    ['LOAD', LOAD, retry, LOAD],
    ['SUCCESS', SUCCESS, clear, READY],
    ['SUCCESS', SUCCESS, choose, LOAD],
    ['SUCCESS', SUCCESS, success, SUCCESS],
    ['SUCCESS', SUCCESS, fail, SUCCESS],
    ['SUCCESS', SUCCESS, retry, SUCCESS],
    ['ERROR', ERROR, retry, READY],
    ['ERROR', ERROR, clear, READY],
    ['ERROR', ERROR, choose, LOAD],
    ['ERROR', ERROR, success, ERROR],
  ] as const)('%s + %j', (_name, state, event, next) => {
    expect(uploaderTransition(state, event)).toEqual(next);
  });

  it('runs a failed upload, a retry and a success', () => {
    const events: UploaderEvent[] = [choose, fail, retry, { type: 'choose', fileName: 'b.jpg' }, { type: 'success', file: { name: 'b.jpg', url: '/b.jpg' } }];
    const final = events.reduce(uploaderTransition, READY);
    expect(final).toEqual({ status: 'SUCCESS', file: { name: 'b.jpg', url: '/b.jpg' } });
  });
});

describe('initialUploaderState', () => {
  it.each([
    [undefined, READY],
    [null, READY],
    [{ name: '', url: '/x' }, READY],
    [{ url: '/x' }, READY],
    [FILE, SUCCESS],
    [{ name: 'a.pdf' }, { status: 'SUCCESS', file: { name: 'a.pdf', url: '' } }],
  ])('%j → %j', (value, state) => {
    expect(initialUploaderState(value)).toEqual(state);
  });
});

describe('retries and accepted types', () => {
  it('tries three times in all', () => {
    expect(UPLOAD_RETRIES).toBe(3);
    expect([0, 1, 2, 3, 4].map(shouldRetryUpload)).toEqual([true, true, true, false, false]);
  });

  it.each([
    ['a.png', undefined, true],
    ['A.JPG', undefined, true],
    ['a.jpeg', undefined, true],
    ['a.gif', undefined, false],
    ['png', undefined, false],
    ['a.', undefined, false],
    ['report.pdf', ['pdf', '.docx'], true],
    ['report.docx', ['pdf', '.docx'], true],
    ['report.png', ['pdf'], false],
  ] as const)('%s with %j → %s', (name, accept, expected) => {
    expect(isAcceptedFileType(name, accept)).toBe(expected);
  });
});
