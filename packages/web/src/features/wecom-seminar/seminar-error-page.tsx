import { useParams } from 'react-router';
import { WECOM_SEMINAR_ERRORS, wecomSeminarErrorText } from '@summit/domain/api/wecom-seminar';
import { ResultPanel, type ResultAction } from '../../components/result-panel.tsx';
import { PATHS } from '../../lib/paths.ts';
import { wecomFlow } from '../../lib/wecom-flow.ts';
import { seminarPaths } from './seminar-paths.ts';
import { seminarStorage } from './seminar-storage.ts';

const DETAILS: Record<string, string> = {
  [WECOM_SEMINAR_ERRORS.SIGNUP_NOT_FOUND]: '请在报名时使用的手机或浏览器中打开，或重新报名。',
  [WECOM_SEMINAR_ERRORS.NO_COUNSELLOR]: '你的报名已收到，顾问有空余名额后会为你分配，也可稍后再试。',
  [WECOM_SEMINAR_ERRORS.WECOM_UNAVAILABLE]: '暂时无法生成顾问二维码，请稍后再试。',
  [WECOM_SEMINAR_ERRORS.SEMINAR_CLOSED]: '请选择其他场次报名。',
};

/**
 * /wecom/seminar/error/{type}/{userId?} (decision 099): the seminar's failure codes 1–4 and §8's WeCom texts;
 * an unknown code shows the stored WeCom error text, else 出错了！. With a sign-up of this browser it offers a retry.
 */
export default function SeminarErrorPage() {
  const { type, userId } = useParams();
  const title = wecomSeminarErrorText(type, wecomFlow.storedError());
  const mine = userId && seminarStorage.keyOf(userId) ? userId : null;
  const actions: ResultAction[] = mine
    ? [
        { label: '重试', to: seminarPaths.divide(mine), primary: true },
        { label: '说明会列表', to: PATHS.wecomSeminar },
      ]
    : [{ label: '去报名说明会', to: PATHS.wecomSeminar, primary: true }];
  return <ResultPanel kind="error" title={title} detail={DETAILS[type ?? ''] ?? '请返回重试；仍有问题请联系项目老师。'} actions={actions} />;
}
