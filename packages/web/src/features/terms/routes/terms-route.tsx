import { TermsDocument } from '../components/terms-document.tsx';

/** /terms: the terms of use to read (a user who must accept them sees the gate instead). */
export default function TermsRoute() {
  return <TermsDocument />;
}
