import './admission-notices.css';

/**
 * /student/admission-notices: the refund policy (docs/product/screens-and-routes.md). Plain markup (no antd) so it opens fast from a
 * link in the offer letter or a parent's chat. Dates are relative to the programme's first day, so the text
 * stays right when sessions move (decision 012).
 */
export default function AdmissionNoticesPage() {
  return (
    <div className="page page--narrow notice-doc">
      <h1 className="page__title">退费政策</h1>
      <p className="notice-doc__lead">
        本政策适用于 Summit 高中生夏季学术项目（以下简称“项目”）的申请费与学费。缴费即表示你和你的监护人已阅读并同意本政策。
      </p>

      <h2>一、申请费</h2>
      <p>申请费用于申请材料的审核，提交申请后无论录取结果如何，均不予退还。</p>

      <h2>二、学费</h2>
      <p>“开营日”指你被录取期次的第一天（以录取通知书所载期次为准）。退费按项目办公室收到书面退费申请的时间（北京时间）计算：</p>
      <table className="notice-doc__table">
        <thead>
          <tr>
            <th scope="col">申请退费时间</th>
            <th scope="col">退还金额</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>缴费后7天内，且距开营日30天以上</td>
            <td>全额退还实付学费</td>
          </tr>
          <tr>
            <td>开营日前30天以上（缴费已超过7天）</td>
            <td>退还实付学费的90%</td>
          </tr>
          <tr>
            <td>开营日前15至30天</td>
            <td>退还实付学费的50%</td>
          </tr>
          <tr>
            <td>开营日前15天内</td>
            <td>退还实付学费的20%</td>
          </tr>
          <tr>
            <td>开营日当天及之后</td>
            <td>不予退还</td>
          </tr>
        </tbody>
      </table>

      <h2>三、助学金</h2>
      <p>项目发放的助学金（学费减免）不可折现、不可转让，也不计入退费金额：退费只按你实际支付的金额计算。</p>

      <h2>四、项目方原因</h2>
      <p>因项目方原因取消或无法开营的，全额退还已缴纳的学费；因不可抗力改为线上举办的，按项目届时公布的方案退还差额。</p>

      <h2>五、如何申请</h2>
      <ol>
        <li>由学生本人或监护人发送邮件至项目办公室，写明学生姓名、手机号、录取通知书编号和退费原因。</li>
        <li>项目办公室在5个工作日内确认，退款将在确认后15个工作日内原路退回（家长代付的，退回家长的支付账户）。</li>
        <li>退费完成后，录取资格自动取消。</li>
      </ol>

      <p className="notice-doc__foot">本政策由项目办公室负责解释，如有调整，以网站最新公布版本为准；调整不影响调整前已缴费用的退费规则。</p>
    </div>
  );
}
