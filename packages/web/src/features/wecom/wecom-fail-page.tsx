import { useParams } from 'react-router';
import { ResultPanel } from '../../components/result-panel.tsx';
import { PATHS } from '../../lib/paths.ts';
import { failMessage, wecomFlow } from '../../lib/wecom-flow.ts';

/**
 * /wecom/oauth/fail/{type?} (decision 098): §8's message for the code (认证异常！, eid异常！, 参数丢失, 员工账户！…);
 * a code the page does not know shows the stored error text, else 出错了！.
 */
export default function WecomFailPage() {
  const { type } = useParams();
  const message = failMessage(type, wecomFlow.storedError());
  return (
    <ResultPanel
      kind="error"
      title={message}
      detail="企业微信登录或绑定未完成。请重新从企业微信进入；仍有问题请联系项目老师。"
      actions={[
        { label: '重新进入', to: wecomFlow.entryAddress(), primary: true },
        { label: '返回首页', to: PATHS.home },
      ]}
    />
  );
}
