import { useLocation } from 'react-router'
import { MailIcon } from '@/components/ui/icons'
import { useDocumentTitle } from '@/lib/use-document-title'
import { ContactForm } from '../components/ContactForm'
import { infoDocuments } from '../content'
import { SUPPORT_EMAIL, type InfoDocument } from '../content/types'

function InfoArticle({ doc, slug }: { doc: InfoDocument; slug: string }) {
  useDocumentTitle(doc.title)

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <header className="border-b border-base-300 pb-6">
        <h1 className="text-3xl font-bold tracking-tight">{doc.title}</h1>
        {doc.updated && <p className="mt-2 text-sm text-base-content/75">Last updated {doc.updated}</p>}
        <p className="mt-4 text-lg text-base-content/85">{doc.intro}</p>
      </header>
      {slug === 'contact-us' && (
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className="mt-6 flex items-center gap-4 rounded-box border border-base-300 bg-base-100 p-5 hover:border-primary"
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <MailIcon className="size-6" />
          </span>
          <span>
            <span className="block text-sm text-base-content/75">E-mail</span>
            <span className="font-semibold text-primary">{SUPPORT_EMAIL}</span>
          </span>
        </a>
      )}
      {slug === 'contact-us' && <ContactForm />}
      <div className="mt-6 space-y-8">
        {doc.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            {section.paragraphs?.map((p) => (
              <p key={p} className="mt-3 leading-relaxed text-base-content/85">
                {p}
              </p>
            ))}
            {section.list && (
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-base-content/85">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </article>
  )
}

/** Policy, about and contact pages: the text is chosen by the last part of the path. */
export function InfoPage() {
  const { pathname } = useLocation()
  const slug = pathname.split('/').filter(Boolean).pop() ?? ''
  const doc = infoDocuments[slug]
  if (!doc) return null
  return <InfoArticle key={slug} doc={doc} slug={slug} />
}
