import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { failMessage, failPath, wecomFlow } from './wecom-flow.ts';

class MemoryStorage {
  private map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
  clear = () => this.map.clear();
}

const g = globalThis as unknown as { window?: unknown };
const previous = g.window;
const local = new MemoryStorage();
const session = new MemoryStorage();
g.window = { localStorage: local, sessionStorage: session };
afterAll(() => {
  g.window = previous;
});
beforeEach(() => {
  local.clear();
  session.clear();
});

describe('the WeCom flow in the browser', () => {
  it('accepts only the state this tab started with (login CSRF); a new start replaces it', () => {
    expect(wecomFlow.isOwnState('state-of-this-tab-123')).toBe(false);
    wecomFlow.begin('/wecom/oauth/entry?r=%2Fadmin', 'state-of-this-tab-123');
    expect(wecomFlow.isOwnState('someone-elses-state-456')).toBe(false);
    expect(wecomFlow.isOwnState('state-of-this-tab-123')).toBe(true);
    wecomFlow.begin('/wecom/oauth/entry', 'next-state-789');
    expect(wecomFlow.isOwnState('state-of-this-tab-123')).toBe(false);
  });

  it('code 66 goes back to the stored entry address, never elsewhere', () => {
    expect(wecomFlow.entryAddress()).toBe('/wecom/oauth/entry');
    wecomFlow.begin('/wecom/oauth/entry?r=%2Fadmin', 's');
    expect(wecomFlow.entryAddress()).toBe('/wecom/oauth/entry?r=%2Fadmin');
    local.setItem('wecom_entry', 'https://evil.example.com/');
    expect(wecomFlow.entryAddress()).toBe('/wecom/oauth/entry');
  });

  it('keeps the bind ticket for one use and the success target only when it is a same-origin path', () => {
    wecomFlow.saveTicket('ticket-123');
    expect(wecomFlow.hasTicket()).toBe(true);
    expect(wecomFlow.takeTicket()).toBe('ticket-123');
    expect(wecomFlow.takeTicket()).toBeNull();
    wecomFlow.setNext('//evil.example.com');
    expect(wecomFlow.next()).toBeNull();
    wecomFlow.setNext('/admin');
    expect(wecomFlow.next()).toBe('/admin');
  });

  it('the failure page shows §8’s message for a known code, else the stored error, else 出错了！', () => {
    expect(failMessage('user-1', null)).toBe('认证异常！');
    expect(failMessage('user-2', '别的')).toBe('eid异常！');
    expect(failMessage('eid-1', null)).toBe('认证异常！');
    expect(failMessage('eid-2', null)).toBe('eid异常！');
    expect(failMessage('user_bind_para', null)).toBe('参数丢失');
    expect(failMessage('eid_request', null)).toBe('eid请求异常！');
    expect(failMessage('oauth_request', null)).toBe('认证请求异常！');
    expect(failMessage('employee', null)).toBe('员工账户！');
    wecomFlow.storeError('账号已停用');
    expect(failMessage('disabled', wecomFlow.storedError())).toBe('账号已停用');
    expect(failMessage(undefined, null)).toBe('出错了！');
    expect(failPath('user-1')).toBe('/wecom/oauth/fail/user-1');
  });
});
