import { describe, expect, it } from 'vitest';
import { initialUploaderState } from '@summit/domain/uploader';
import { defaultUploadHint, fileUploaderReducer } from './file-uploader.tsx';

describe('FileUploader pure parts', () => {
  it('words the default hint from the accepted types and the limit', () => {
    expect(defaultUploadHint(['jpeg', 'png', 'jpg'], '10MB')).toBe('支持 jpeg、png、jpg 格式，单个文件不超过 10MB');
    expect(defaultUploadHint(['pdf'], '0')).toBe('支持 pdf 格式');
  });

  it('follows the domain machine and resets to an outside value', () => {
    const file = { name: 'a.png', url: '/api/oss/file/student/1/0123456789abcdef0123456789abcdef/a.png' };
    let state = initialUploaderState(null);
    expect(state.status).toBe('READY');
    state = fileUploaderReducer(state, { type: 'choose', fileName: 'a.png' });
    expect(state.status).toBe('LOAD');
    state = fileUploaderReducer(state, { type: 'fail', message: '链接OSS服务器失败，请稍后再试！' });
    expect(state).toEqual({ status: 'ERROR', fileName: 'a.png', message: '链接OSS服务器失败，请稍后再试！' });
    state = fileUploaderReducer(state, { type: 'retry' });
    expect(state.status).toBe('READY');
    state = fileUploaderReducer(state, { type: 'reset', value: file });
    expect(state).toEqual({ status: 'SUCCESS', file });
    state = fileUploaderReducer(state, { type: 'reset', value: null });
    expect(state.status).toBe('READY');
  });
});
