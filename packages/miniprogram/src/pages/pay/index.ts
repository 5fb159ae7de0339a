/**
 * WeChat Pay inside the mini-program (decision 097): the site, in the web-view, opens this page with an order id
 * (wx.miniProgram.navigateTo). The page asks the API for the order's JSAPI parameters (made for this
 * mini-program's app id and this WeChat's open id; a fresh wx.login proves which WeChat is here), raises WeChat's
 * pay sheet with wx.requestPayment and goes back: the site learns the outcome from its is-paid poll, never from
 * the sheet's answer.
 */
import { request, wxLogin, messageOf } from '../../lib/api';
import { payOutcomeOf, paymentArgs, yuan, type PageOptions, type PayParams } from '../../lib/logic';

type Phase = 'loading' | 'ready' | 'paying' | 'paid' | 'cancelled' | 'failed' | 'error';

const STATUS_TEXT: Record<Phase, string> = {
  loading: '',
  ready: '待支付',
  paying: '支付中…',
  paid: '已支付，正在确认',
  cancelled: '已取消支付',
  failed: '支付未完成，请重试',
  error: '',
};

interface PayData {
  phase: Phase;
  amount: string;
  description: string;
  statusText: string;
  message: string;
}

interface PayMethods {
  params: PayParams | null;
  load(orderId: string): Promise<void>;
  pay(): void;
  back(): void;
}

const ORDER_ID = /^[A-Za-z0-9]{6,40}$/;

export const payPage: WechatMiniprogram.Page.Options<PayData, PayMethods> = {
  data: { phase: 'loading', amount: '', description: '', statusText: '', message: '' },
  params: null,

  onLoad(options: PageOptions) {
    const orderId = options?.order_id ?? '';
    if (!ORDER_ID.test(orderId)) {
      this.setData({ phase: 'error', message: '订单不存在，请返回重新发起支付。' });
      return;
    }
    void this.load(orderId);
  },

  async load(orderId) {
    try {
      const params = await request<PayParams>('POST', '/api/login-mp/pay', { code: await wxLogin(), order_id: orderId });
      this.params = params;
      this.setData({ phase: 'ready', amount: yuan(params.amount_fen), description: params.description, statusText: STATUS_TEXT.ready });
      this.pay();
    } catch (err) {
      this.setData({ phase: 'error', message: messageOf(err) });
    }
  },

  pay() {
    const params = this.params;
    if (!params || this.data.phase === 'paying' || this.data.phase === 'paid') return;
    this.setData({ phase: 'paying', statusText: STATUS_TEXT.paying });
    wx.requestPayment({
      ...paymentArgs(params),
      success: () => {
        this.setData({ phase: 'paid', statusText: STATUS_TEXT.paid });
        setTimeout(() => this.back(), 1500);
      },
      fail: (err: { errMsg?: string }) => {
        const outcome = payOutcomeOf(err?.errMsg) === 'cancel' ? 'cancelled' : 'failed';
        this.setData({ phase: outcome, statusText: STATUS_TEXT[outcome] });
      },
    });
  },

  back() {
    void wx.navigateBack({ delta: 1 });
  },
};

Page(payPage);
