import { AGREEMENT_TEXT } from '../../components/legal/agreement-text.ts';
import { LegalDocument } from '../../components/legal/legal-document.tsx';

export default function AgreementPage() {
  return <LegalDocument text={AGREEMENT_TEXT} />;
}
