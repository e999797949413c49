/**
 * Security: who can sign in and who has lately, and what protects the accounts. Bans are made
 * from the Users tab; a ban ends every session of that account at once.
 */
import type { DashboardStats } from './api'
import { Figure, FigureGrid, Panel } from './figures'
import { Button } from '../../components/button'

export function SecurityTab({ stats, onManageUsers }: { stats: DashboardStats; onManageUsers: () => void }) {
  return (
    <div className="space-y-6">
      <FigureGrid label="Sign-in activity">
        <Figure label="Administrator accounts" value={stats.admins} />
        <Figure label="User accounts" value={stats.users} />
        <Figure label="Users signed in, 7 days" value={stats.activeUsers7d} />
        <Figure label="Users signed in, 30 days" value={stats.activeUsers30d} />
        <Figure label="No sign-in for 30 days" value={Math.max(0, stats.users - stats.activeUsers30d)} />
      </FigureGrid>
      <Panel id="security-protections" title="Protections in place">
        <ul className="list-disc space-y-2 pl-5 text-sm text-neutral-300">
          <li>Passwords are stored as salted PBKDF2-SHA512 hashes; sessions live in an HttpOnly, SameSite=Lax cookie backed by a server-side session record.</li>
          <li>Repeated failed sign-ins and sign-ups are rate limited per e-mail address and per network address.</li>
          <li>Requests that change data from another site are refused (cross-site request check).</li>
          <li>Changing a password signs the account out everywhere else; banning a user signs them out everywhere.</li>
        </ul>
        <Button variant="secondary" onClick={onManageUsers} className="mt-4">
          Ban or unban users
        </Button>
      </Panel>
    </div>
  )
}
