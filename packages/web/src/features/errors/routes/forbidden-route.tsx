import { ErrorPage } from '../components/error-page.tsx';

/** Shown when a signed-in user opens a page that their role does not allow. */
export default function ForbiddenRoute() {
  return <ErrorPage status={403} kind="forbidden" />;
}
