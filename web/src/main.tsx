import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { preloadPage } from './app/pages'
import { Providers } from './app/providers'
import { createAppQueryClient } from './app/query-client'
import { AppRouter } from './app/router'
import './index.css'

// Both start before React's first render: the session check and the module of the page asked for.
const queryClient = createAppQueryClient()
preloadPage(window.location.pathname)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers client={queryClient}>
      <AppRouter />
    </Providers>
  </StrictMode>,
)
