import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RenderErrorScreen } from './render-error-screen';

/** errorElement of every area: a 404 response shows the not-found page, anything else the error screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RenderErrorScreen error={error} />;
}
