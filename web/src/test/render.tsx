import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { WithListingSlots } from '@/app/compose/ListingSlots'
import { Toaster } from '@/components/ui/Toaster'
import { createQueryClient } from '@/lib/query-client'
import { LocationProbe } from './LocationProbe'

interface Options {
  route?: string
  path?: string
  queryClient?: QueryClient
  extraRoutes?: { path: string; element: ReactElement }[]
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', queryClient = createQueryClient(), extraRoutes = [] }: Options = {},
) {
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <WithListingSlots>
            {ui}
            <LocationProbe />
          </WithListingSlots>
        ),
      },
      ...extraRoutes,
    ],
    { initialEntries: [route] },
  )
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...result, router, queryClient }
}
