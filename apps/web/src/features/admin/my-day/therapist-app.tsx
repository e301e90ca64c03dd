import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageLoading } from '../../../components/page-loading';
import { useFetch } from '../../../lib/use-fetch';
import { fetchTherapistMe } from './my-day-api';
import { MyDayPage } from './my-day-page';
import { TherapistShell } from './therapist-shell';

// Leave requests and the calendar address (issue 25, decision 053): their own chunk.
// One client's questionnaires with their charts (issue 28): their own chunk, with the charting library.
const ClientMeasuresPage = lazy(() =>
  import('./client-measures-page').then((m) => ({ default: m.ClientMeasuresPage })),
);
const MyLeavePage = lazy(() => import('../my-leave/my-leave-page').then((m) => ({ default: m.MyLeavePage })));

// The therapist's own payouts (decision 057): its own chunk.
const MyPayoutsPage = lazy(() =>
  import('../my-payouts/my-payouts-page').then((m) => ({ default: m.MyPayoutsPage })),
);

/**
 * Every screen of a therapist's login: My day. Any other /admin/… path goes there. Its own check
 * of the session (GET /api/therapist/me): a 401 (deactivated, password reset) ends it at once.
 */
export function TherapistApp() {
  const me = useFetch('therapist-me', fetchTherapistMe);
  return (
    <TherapistShell name={me.status === 'success' ? me.data.therapist_name : null}>
      {/* A page's chunk loads inside the shell: its bar and navigation stay put meanwhile. */}
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/admin/my-day" component={MyDayPage} />
          <Route path="/admin/my-day/clients/:key" component={ClientMeasuresPage} />
          <Route path="/admin/my-leave" component={MyLeavePage} />
          <Route path="/admin/my-payouts" component={MyPayoutsPage} />
          <Route>
            <Redirect to="/admin/my-day" replace />
          </Route>
        </Switch>
      </Suspense>
    </TherapistShell>
  );
}
