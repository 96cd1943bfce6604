export { DealsSection } from './components/DealsSection'
