import { ErrorPage } from '../components/error-page.tsx';

/** Shown for every path without a registered route. */
export default function NotFoundRoute() {
  return <ErrorPage status={404} kind="notFound" />;
}
