/**
 * The home page: logs in (wx.login → POST /api/login-mp, or /api/login-mp-com for the club's build) and hosts the
 * site in a web-view at /mini/{landing}#mp_code=<one-time code>. Shares the web-view's current page with the
 * sharer's referral code (decision 097).
 */
import { CONFIG } from '../../config';
import { request, wxLogin, messageOf } from '../../lib/api';
import { landingOf, lastShareMessage, loginPath, referrerOf, sharePath, sitePathOf, webviewUrl, type PageOptions, type ShareMessage } from '../../lib/logic';

interface LoginAnswer {
  webview_code: string;
  bound: boolean;
  referrer_id: string | null;
}

interface HomeData {
  src: string;
  error: string;
}

interface HomeMethods {
  entry: PageOptions;
  share: ShareMessage | null;
  referrerId: string | null;
  enter(): Promise<void>;
  retry(): void;
  onMessage(event: { detail: { data: unknown } }): void;
}

export const homePage: WechatMiniprogram.Page.Options<HomeData, HomeMethods> = {
  data: { src: '', error: '' },
  entry: {},
  share: null,
  referrerId: null,

  onLoad(options: PageOptions) {
    this.entry = options ?? {};
    void this.enter();
  },

  async enter() {
    this.setData({ src: '', error: '' });
    try {
      const code = await wxLogin();
      const answer = await request<LoginAnswer>('POST', loginPath(CONFIG.variant), { code });
      // The student's own code when bound; a card's referrer stays the card's until the site binds it.
      this.referrerId = answer.referrer_id;
      const src = webviewUrl({ origin: CONFIG.siteOrigin, landing: landingOf(this.entry), code: answer.webview_code, to: sitePathOf(this.entry.to), referrerId: referrerOf(this.entry) });
      this.setData({ src });
    } catch (err) {
      this.setData({ error: messageOf(err) });
    }
  },

  retry() {
    void this.enter();
  },

  onMessage(event) {
    this.share = lastShareMessage(event.detail.data) ?? this.share;
  },

  onShareAppMessage(options: WechatMiniprogram.Page.IShareAppMessageOption) {
    return {
      title: this.share?.title || 'Summit 高中生夏季学术项目',
      path: sharePath({ webViewUrl: options.webViewUrl, origin: CONFIG.siteOrigin, message: this.share, referrerId: this.referrerId }),
    };
  },
};

Page(homePage);
