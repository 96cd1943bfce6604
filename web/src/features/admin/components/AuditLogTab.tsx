import { formatDateTime } from '@/lib/dates'
import { useState } from 'react'
import { Link } from 'react-router'
import { profilePath } from '@/lib/paths'
import { useAuditLog } from '../api/list-audit'
import { auditActionLabels } from '../texts'
import type { AuditEntry } from '../types'
import { Pager } from './Pager'
import { EmptyState, QueryStatus } from './QueryStatus'
import { TableScroller } from '@/components/ui/TableScroller'

const dateTime = formatDateTime

const targetLabels: Record<string, string> = {
  sponsorships: 'Sponsorship',
  sponsorship_requests: 'Sponsorship request',
  users: 'Member',
  contact_messages: 'Contact message',
  reviews: 'Review',
}

function Target({ entry }: { entry: AuditEntry }) {
  const label = `${targetLabels[entry.targetKind] ?? entry.targetKind} ${entry.targetId}`
  if (entry.targetKind === 'users')
    return (
      <Link className="link" to={profilePath(entry.targetId)}>
        {label}
      </Link>
    )
  return <span className="break-all">{label}</span>
}

export function AuditLogTab() {
  const [action, setAction] = useState('')
  const [page, setPage] = useState(1)
  const log = useAuditLog(action, page)

  return (
    <div className="space-y-4">
      <label className="flex max-w-xs flex-col gap-1 text-sm">
        <span className="font-medium">Action</span>
        <select
          className="select select-sm"
          value={action}
          onChange={(e) => {
            setAction(e.target.value)
            setPage(1)
          }}
        >
          <option value="">All actions</option>
          {Object.entries(auditActionLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <QueryStatus query={log} loading="Loading the audit log">
        {() =>
          log.data && log.data.items.length > 0 ? (
            <>
              <TableScroller label="Audit log table">
                <table className="table table-sm" aria-label="Audit log">
                  <thead className="text-base-content/80">
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Administrator</th>
                      <th scope="col">Action</th>
                      <th scope="col">Target</th>
                      <th scope="col">Details</th>
                    </tr>
                  </thead>
                  <tbody>
                    {log.data.items.map((entry) => (
                      <tr key={entry.id}>
                        <td className="whitespace-nowrap">{dateTime(entry.createdAt)}</td>
                        <td>{entry.actorName}</td>
                        <td className="whitespace-nowrap">{auditActionLabels[entry.action] ?? entry.action}</td>
                        <td>
                          <Target entry={entry} />
                        </td>
                        <td className="min-w-48 break-words">{entry.details}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroller>
              <Pager label="Audit log pages" list={log.data} onChange={setPage} />
            </>
          ) : (
            <EmptyState>No moderation actions recorded yet.</EmptyState>
          )
        }
      </QueryStatus>
    </div>
  )
}
