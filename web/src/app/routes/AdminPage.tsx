import { useSearchParams } from 'react-router'
import { ExternalLinkIcon } from '@/components/ui/icons'
import { PageHeader } from '@/components/ui/PageHeader'
import { Tabs } from '@/components/ui/Tabs'
import { buttonClass } from '@/components/ui/button-class'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useOverview } from '@/features/admin/api/get-overview'
import { AuditLogTab } from '@/features/admin/components/AuditLogTab'
import { ContactMessagesTab } from '@/features/admin/components/ContactMessagesTab'
import { DisputesTab } from '@/features/admin/components/DisputesTab'
import { MembersTab } from '@/features/admin/components/MembersTab'
import { ModerationTab } from '@/features/admin/components/ModerationTab'
import { ListingDetailDialog } from '@/features/listings/components/ListingDetailDialog'
import { OverviewCounters } from '@/features/admin/components/OverviewCounters'
import { SubscriptionsTab } from '@/features/admin/components/SubscriptionsTab'
import { WithListingSlots } from '@/app/compose/ListingSlots'

const tabs = [
  { value: 'moderation', label: 'Moderation queue' },
  { value: 'members', label: 'Members' },
  { value: 'subscriptions', label: 'Subscriptions & payments' },
  { value: 'messages', label: 'Contact messages' },
  { value: 'disputes', label: 'Disputes' },
  { value: 'audit', label: 'Audit log' },
] as const

type AdminTab = (typeof tabs)[number]['value']

const panels: Record<AdminTab, () => React.ReactNode> = {
  moderation: () => <ModerationTab ListingDetail={ListingDetailDialog} />,
  members: () => <MembersTab />,
  subscriptions: () => <SubscriptionsTab />,
  messages: () => <ContactMessagesTab />,
  disputes: () => <DisputesTab />,
  audit: () => <AuditLogTab />,
}

function isTab(value: string | null): value is AdminTab {
  return tabs.some((t) => t.value === value)
}

/** The active tab lives in the URL (?tab=members) so a link or a reload opens it. */
function AdminPageContent() {
  useDocumentTitle('Admin Dashboard')
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: AdminTab = isTab(requested) ? requested : 'moderation'
  const dashboardUrl = useOverview().data?.dashboardUrl || '/_/'
  const panelId = (t: AdminTab) => `admin-panel-${t}`

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6">
      <PageHeader
        title="Admin Dashboard"
        description="Moderation, members, payments and messages."
        actions={
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <a href={dashboardUrl} className={buttonClass({ variant: 'outline', size: 'sm' })} target="_blank" rel="noopener noreferrer">
              Open superuser dashboard <ExternalLinkIcon className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <p className="text-xs text-base-content/75">Needs a superuser login.</p>
          </div>
        }
      />
      <OverviewCounters />
      <Tabs
        items={tabs}
        value={tab}
        onChange={(next) => setParams(next === 'moderation' ? {} : { tab: next }, { replace: true })}
        label="Admin sections"
        panelId={panelId}
        className="w-full flex-nowrap overflow-x-auto"
      />
      <div role="tabpanel" id={panelId(tab)} aria-labelledby={`${panelId(tab)}-tab`} tabIndex={-1}>
        {panels[tab]()}
      </div>
    </div>
  )
}

export function AdminPage() {
  return (
    <WithListingSlots>
      <AdminPageContent />
    </WithListingSlots>
  )
}
