import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { WECHAT_MSG, wechatBindingSchema, wechatOauthUrlSchema } from '@summit/domain/api/wechat';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { PATHS } from '../../lib/paths.ts';
import './wechat.css';

const BINDING_KEY = ['student', 'wechat'] as const;

/**
 * 微信登录 on /account (decision 069): bind this student's WeChat (snsapi_userinfo, nickname shown) so the next
 * login inside WeChat is one tap; unbind it. Hidden when the server has WeChat login off.
 */
export function WechatBindingCard() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const binding = useQuery({ queryKey: BINDING_KEY, queryFn: ({ signal }) => api.get('/student/wechat', { schema: wechatBindingSchema, signal, quiet: true }) });
  if (!binding.data?.enabled) return null;
  const { bound, nickname } = binding.data;

  const bind = async () => {
    setBusy(true);
    try {
      const answer = await api.post('/student/wechat/bind-start', { return_url: PATHS.account }, { schema: wechatOauthUrlSchema });
      window.location.assign(answer.oauth_url);
    } catch {
      setBusy(false);
    }
  };
  const unbind = async () => {
    setBusy(true);
    try {
      await api.post('/student/wechat/unbind', {});
      toast('success', WECHAT_MSG.UNBOUND);
      queryClient.setQueryData(BINDING_KEY, { enabled: true, bound: false, nickname: null, avatar_url: null, bound_at: null });
      void queryClient.invalidateQueries({ queryKey: BINDING_KEY });
    } catch {
      // The api client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="profile-card wechat-binding" aria-label="微信登录" data-testid="wechat-binding">
      <div className="wechat-binding__text">
        <strong>微信登录</strong>
        <div>{bound ? `已绑定微信${nickname ? `「${nickname}」` : ''}，在微信中可一键登录` : '未绑定：绑定后在微信中打开本站可一键登录'}</div>
      </div>
      {bound ? (
        <Popconfirm title="解绑后将不能用微信一键登录，确定解绑？" okText="解绑" cancelText="取消" onConfirm={() => void unbind()}>
          <Button loading={busy}>解绑微信</Button>
        </Popconfirm>
      ) : (
        <Button type="primary" loading={busy} onClick={() => void bind()}>
          绑定微信
        </Button>
      )}
    </section>
  );
}
