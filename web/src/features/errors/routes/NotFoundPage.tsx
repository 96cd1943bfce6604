import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/Button'
import { buttonClass } from '@/components/ui/button-class'
import { ArrowLeftIcon, HomeIcon } from '@/components/ui/icons'
import { paths } from '@/lib/paths'
import { useDocumentTitle } from '@/lib/use-document-title'

const causes = ['The URL was typed incorrectly', 'The page has been removed or renamed', 'A temporary routing issue']

export function NotFoundPage() {
  useDocumentTitle('Page Not Found')
  const navigate = useNavigate()
  return (
    <div className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 py-12 text-center">
      <p className="text-7xl font-extrabold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">404 Page Not Found</h1>
      <p className="mt-3 text-base-content/80">The page you are looking for doesn&apos;t exist or has been moved.</p>
      <div className="mt-6 w-full rounded-box border border-base-300 bg-base-100 p-5 text-left">
        <h2 className="font-semibold">This might be because:</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-base-content/80">
          {causes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={() => navigate(-1)}>
          <ArrowLeftIcon className="size-4" /> Go Back
        </Button>
        <Link to={paths.landing} className={buttonClass()}>
          <HomeIcon className="size-4" /> Home Page
        </Link>
      </div>
    </div>
  )
}
