/**
 * Scan to log in on the web (decision 097): opened by the mini-program code on the login screen (its scene is the
 * scene id). Shows which device and place asked and, on 确认登录, lets that browser in; 取消 ends it. Every action
 * proves who is holding the phone with a fresh wx.login code.
 */
import { request, wxLogin, messageOf } from '../../lib/api';
import { sceneOf, type PageOptions } from '../../lib/logic';

interface SceneView {
  status: string;
  device: string;
  place: string;
  expires_at: string;
  account_name: string | null;
}

interface ConfirmData {
  phase: 'loading' | 'ready' | 'done' | 'error';
  device: string;
  place: string;
  accountName: string;
  busy: boolean;
  title: string;
  message: string;
}

interface ConfirmMethods {
  sceneId: string;
  load(): Promise<void>;
  act(action: 'confirm' | 'cancel'): Promise<void>;
  confirm(): void;
  cancel(): void;
  goHome(): void;
}

export const scanConfirmPage: WechatMiniprogram.Page.Options<ConfirmData, ConfirmMethods> = {
  data: { phase: 'loading', device: '', place: '', accountName: '', busy: false, title: '', message: '' },
  sceneId: '',

  onLoad(options: PageOptions) {
    const scene = sceneOf(options ?? {});
    if (!scene) {
      this.setData({ phase: 'error', title: '二维码无效', message: '请在电脑上刷新小程序码后重新扫码。' });
      return;
    }
    this.sceneId = scene;
    void this.load();
  },

  async load() {
    try {
      const view = await request<SceneView>('POST', '/api/login-mp/scene/view', { scene_id: this.sceneId, code: await wxLogin() });
      this.setData({ phase: 'ready', device: view.device, place: view.place, accountName: view.account_name ?? '' });
    } catch (err) {
      this.setData({ phase: 'error', title: '无法确认登录', message: messageOf(err) });
    }
  },

  async act(action) {
    if (this.data.busy) return;
    this.setData({ busy: true });
    try {
      await request('POST', `/api/login-mp/scene/${action}`, { scene_id: this.sceneId, code: await wxLogin() });
      this.setData(
        action === 'confirm'
          ? { phase: 'done', busy: false, title: '已确认登录', message: '请在电脑上继续操作。' }
          : { phase: 'done', busy: false, title: '已取消登录', message: '该设备不会登录你的账号。' },
      );
    } catch (err) {
      this.setData({ phase: 'error', busy: false, title: action === 'confirm' ? '登录未完成' : '取消未完成', message: messageOf(err) });
    }
  },

  confirm() {
    void this.act('confirm');
  },

  cancel() {
    void this.act('cancel');
  },

  goHome() {
    void wx.reLaunch({ url: '/pages/index/index' });
  },
};

Page(scanConfirmPage);
