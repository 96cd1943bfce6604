import { useState } from 'react'
import { SearchIcon } from '@/components/ui/icons'
import { limits } from '@/lib/limits.gen'
import { useMembers } from '../api/list-members'
import { adminTexts } from '../texts'
import { MemberRow } from './MemberRow'
import { Pager } from './Pager'
import { EmptyState, QueryStatus } from './QueryStatus'
import { useDebounced } from './use-debounced'

export function MembersTab() {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const q = useDebounced(search.trim())
  const members = useMembers(q, page)

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <label className="input w-full sm:max-w-sm">
          <SearchIcon className="size-4 opacity-60" />
          <span className="sr-only">Search by username or name</span>
          <input
            type="search"
            placeholder="Search by username or name"
            maxLength={limits.memberSearch}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value)
              setPage(1)
            }}
          />
        </label>
        <p className="max-w-md text-xs text-base-content/75">{adminTexts.adminHint}</p>
      </div>
      <QueryStatus query={members} loading="Loading members">
        {() =>
          members.data && members.data.items.length > 0 ? (
            <>
              <ul className={`space-y-3 ${members.isPlaceholderData ? 'opacity-60' : ''}`} aria-label="Members">
                {members.data.items.map((member) => (
                  <li key={member.id}>
                    <MemberRow member={member} />
                  </li>
                ))}
              </ul>
              <Pager label="Member pages" list={members.data} onChange={setPage} />
            </>
          ) : (
            <EmptyState>{q ? `No members match “${q}”.` : 'No members yet.'}</EmptyState>
          )
        }
      </QueryStatus>
    </div>
  )
}
