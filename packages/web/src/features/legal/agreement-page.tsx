import { AGREEMENT_TEXT } from './agreement-text.ts';
import { LegalDocument } from './legal-document.tsx';

export default function AgreementPage() {
  return <LegalDocument text={AGREEMENT_TEXT} />;
}
