/**
 * Who is in the room: each member's name with the host's badge, "you", and whether they are
 * buffering or behind the room; the host may remove anyone else, and chooses who controls playback.
 */
import type { PartyControl, PartyMember } from '../../../worker/party/protocol'
import { t } from '../../i18n'

const badge = 'rounded px-1.5 py-px text-xs font-semibold'

export function MemberList({ members, you, host, onRemove }: { members: PartyMember[]; you: string | null; host: boolean; onRemove: (id: string) => void }) {
  return (
    <section aria-labelledby="party-members" className="rounded-xl bg-neutral-900 p-4">
      <h2 id="party-members" className="text-sm font-semibold text-neutral-200">
        {t('party.membersHeading', { count: members.length })}
      </h2>
      <ul className="mt-2 space-y-1.5" data-testid="party-members">
        {members.map((member) => (
          <li key={member.id} className="flex min-h-9 flex-wrap items-center gap-2 text-sm">
            <span className="min-w-0 truncate font-medium text-white">{member.name}</span>
            {member.id === you && <span className="text-neutral-400">{t('party.you')}</span>}
            {member.host && <span className={`${badge} bg-brand-600 text-white`}>{t('party.hostBadge')}</span>}
            {member.buffering && <span className={`${badge} bg-neutral-700 text-neutral-100`}>{t('party.buffering')}</span>}
            {member.behind && !member.buffering && <span className={`${badge} bg-amber-900 text-amber-100`}>{t('party.behind')}</span>}
            {host && member.id !== you && (
              <button
                type="button"
                onClick={() => onRemove(member.id)}
                aria-label={t('party.removeMember', { name: member.name })}
                className="ms-auto rounded-lg px-2 py-1 text-xs font-semibold text-red-300 hover:bg-red-950"
              >
                {t('party.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The host's choice of who controls playback. */
export function ControlChoice({ control, onChoose }: { control: PartyControl; onChoose: (control: PartyControl) => void }) {
  const option = (value: PartyControl, label: string) => (
    <button
      type="button"
      aria-pressed={control === value}
      onClick={() => control !== value && onChoose(value)}
      className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${control === value ? 'bg-brand-600 text-white' : 'bg-neutral-800 text-neutral-200 hover:bg-neutral-700'}`}
    >
      {label}
    </button>
  )
  return (
    <div role="group" aria-label={t('party.controlGroup')} className="flex flex-wrap gap-2">
      {option('host', t('party.controlHost'))}
      {option('everyone', t('party.controlEveryone'))}
    </div>
  )
}
