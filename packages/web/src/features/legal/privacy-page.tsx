import { LegalDocument } from './legal-document.tsx';
import { PRIVACY_TEXT } from './privacy-text.ts';

export default function PrivacyPage() {
  return <LegalDocument text={PRIVACY_TEXT} />;
}
