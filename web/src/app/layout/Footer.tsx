import { Link } from 'react-router'
import { infoLinks, policyLinks } from '@/lib/paths'

/** Policies, About and Contact for every screen size (on phones the side navigation is hidden). */
export function Footer() {
  return (
    <footer data-print="hide" className="mt-10 border-t border-base-300 px-4 py-6 text-sm text-base-content/75 sm:px-6">
      <nav aria-label="Policies and information">
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {[...policyLinks, ...infoLinks].map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="hover:text-primary hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-3">© {new Date().getFullYear()} SponsorBridge · Connecting people seeking funding with sponsors.</p>
    </footer>
  )
}
