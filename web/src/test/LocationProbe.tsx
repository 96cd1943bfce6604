import { useLocation } from 'react-router'

/** Shows the router's current location so tests can assert on the URL. */
export function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}
