import { createBrowserRouter, type RouteObject } from 'react-router'
import { PageSpinner } from '@/components/ui/Spinner'
import { NotFoundPage } from '@/features/errors/routes/NotFoundPage'
import { RouteError } from '@/features/errors/routes/RouteError'
import { paths } from '@/lib/paths'
import { Landing } from './guards/Landing'
import { RequireAdmin } from './guards/RequireAdmin'
import { RequireAuth } from './guards/RequireAuth'
import { AppShell, BareShell } from './layout/AppShell'

/** Route modules are loaded on demand; each names its component `Component`. */
const page = (load: () => Promise<{ Component: React.ComponentType }>) => ({ lazy: load })

const infoPage = () => page(() => import('@/features/info/routes/InfoPage').then((m) => ({ Component: m.InfoPage })))

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: paths.landing, element: <Landing /> },
      {
        element: <BareShell />,
        children: [
          { path: paths.auth, ...page(() => import('@/features/auth/routes/AuthPage').then((m) => ({ Component: m.AuthPage }))) },
          {
            path: paths.googleCallback,
            ...page(() => import('@/features/auth/routes/GoogleCallbackPage').then((m) => ({ Component: m.GoogleCallbackPage }))),
          },
        ],
      },
      {
        element: <AppShell />,
        children: [
          {
            element: <RequireAuth />,
            children: [
              { path: paths.home, ...page(() => import('@/app/routes/HomePage').then((m) => ({ Component: m.HomePage }))) },
              { path: paths.listing, ...page(() => import('@/app/routes/ListingPage').then((m) => ({ Component: m.ListingPage }))) },
              { path: paths.profile, ...page(() => import('@/app/routes/ProfilePage').then((m) => ({ Component: m.ProfilePage }))) },
              { path: paths.settings, ...page(() => import('@/app/routes/SettingsPage').then((m) => ({ Component: m.SettingsPage }))) },
              {
                path: paths.messages,
                ...page(() => import('@/features/messages/routes/MessagesPage').then((m) => ({ Component: m.MessagesPage }))),
              },
              {
                path: paths.subscription,
                ...page(() => import('@/features/subscription/routes/SubscriptionPage').then((m) => ({ Component: m.SubscriptionPage }))),
              },
              {
                path: paths.receipt,
                ...page(() => import('@/features/subscription/routes/ReceiptPage').then((m) => ({ Component: m.ReceiptPage }))),
              },
              {
                element: <RequireAdmin />,
                children: [
                  { path: paths.admin, ...page(() => import('@/app/routes/AdminPage').then((m) => ({ Component: m.AdminPage }))) },
                ],
              },
            ],
          },
          { path: paths.privacyPolicy, ...infoPage() },
          { path: paths.termsConditions, ...infoPage() },
          { path: paths.refundPolicy, ...infoPage() },
          { path: paths.pricingPolicy, ...infoPage() },
          { path: paths.shippingPolicy, ...infoPage() },
          { path: paths.aboutUs, ...infoPage() },
          { path: paths.contactUs, ...infoPage() },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
