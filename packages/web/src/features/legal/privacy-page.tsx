import { LegalDocument } from '../../components/legal/legal-document.tsx';
import { PRIVACY_TEXT } from '../../components/legal/privacy-text.ts';

export default function PrivacyPage() {
  return <LegalDocument text={PRIVACY_TEXT} />;
}
