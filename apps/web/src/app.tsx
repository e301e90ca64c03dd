import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { ChunkErrorBoundary } from './components/chunk-error-boundary';
import { PageLoading } from './components/page-loading';
import { PublicLayout } from './components/public-layout';
import { BookingPage } from './features/booking/booking-page';
import { AdminCaseInsensitiveRouter } from './lib/admin-case-insensitive-router';

// Only the layout and the booking page ship in the first bundle; everything else loads on demand.
const PaymentStatusPage = lazy(() =>
  import('./features/payments/payment-status-page').then((m) => ({ default: m.PaymentStatusPage })),
);
const ManagePage = lazy(() =>
  import('./features/manage/manage-page').then((m) => ({ default: m.ManagePage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('./features/static-pages/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsPage = lazy(() =>
  import('./features/static-pages/terms-page').then((m) => ({ default: m.TermsPage })),
);
const IntakePage = lazy(() =>
  import('./features/intake/intake-page').then((m) => ({ default: m.IntakePage })),
);
const OfferPage = lazy(() =>
  import('./features/waitlist/offer-page').then((m) => ({ default: m.OfferPage })),
);
const NotFoundPage = lazy(() =>
  import('./features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
const AdminApp = lazy(() => import('./features/admin/admin-app').then((m) => ({ default: m.AdminApp })));

export function App() {
  return (
    <AdminCaseInsensitiveRouter>
      <Switch>
        <Route path="/admin">
          <Redirect to="/admin/login" replace />
        </Route>
        <Route path="/admin/*">
          <ChunkErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <AdminApp />
            </Suspense>
          </ChunkErrorBoundary>
        </Route>
        <Route>
          <PublicLayout>
            <ChunkErrorBoundary>
              <Suspense fallback={<PageLoading />}>
                <Switch>
                  <Route path="/" component={BookingPage} />
                  <Route path="/book" component={BookingPage} />
                  <Route path="/payment-status" component={PaymentStatusPage} />
                  <Route path="/manage/:token" component={ManagePage} />
                  <Route path="/waitlist/offer/:token" component={OfferPage} />
                  <Route path="/intake/:token" component={IntakePage} />
                  <Route path="/privacy-policy" component={PrivacyPolicyPage} />
                  <Route path="/terms-and-conditions" component={TermsPage} />
                  <Route component={NotFoundPage} />
                </Switch>
              </Suspense>
            </ChunkErrorBoundary>
          </PublicLayout>
        </Route>
      </Switch>
    </AdminCaseInsensitiveRouter>
  );
}
