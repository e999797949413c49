/** Tiles linking to /genre/{id}, used for the Genres page's 18-genre grid and the Movies category grid. */
import { Link } from 'react-router-dom'
import { paths } from '../lib/paths'

// One hue per tile, cycling, so a grid of 18 reads as distinct tiles without images.
const tints = [
  'from-rose-600/80 to-rose-900/80',
  'from-amber-500/80 to-orange-800/80',
  'from-sky-500/80 to-indigo-800/80',
  'from-emerald-500/80 to-teal-800/80',
  'from-fuchsia-500/80 to-purple-800/80',
  'from-slate-500/80 to-slate-800/80',
]

export function GenreGrid({ genres, label, headingId }: { genres: ReadonlyArray<{ id: number; name: string }>; label: string; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="px-4 py-4 md:px-8">
      <h2 id={headingId} className="mb-3 text-lg font-semibold md:text-xl">{label}</h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
        {genres.map((g, i) => (
          <li key={g.id}>
            <Link
              to={paths.genre(g.id)}
              className={`flex h-20 items-end rounded-xl bg-gradient-to-br p-3 text-base font-bold text-white shadow transition hover:scale-[1.02] hover:brightness-110 ${tints[i % tints.length]}`}
            >
              {/* A long genre name in a longer language wraps rather than overflow the tile. */}
              <span className="min-w-0 wrap-break-word hyphens-auto">{g.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
