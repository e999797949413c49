/**
 * Counts of the D1 statements the worker and its account stores run, per database, for the load
 * model of `npm run bench` (bench/load.mjs): the bench starts `wrangler dev` with
 * `--var BENCH_COUNTERS:1` and reads GET /api/dev/counters between its phases, so the queries and
 * writes per viewer come from counting, not from estimates. Without that variable (production,
 * `npm start`, the tests) the bindings are handed on untouched and the counters' address does
 * not exist.
 *
 * The counts live in the isolate: `wrangler dev` runs the worker and its Durable Objects in one,
 * so one set of counters sees both.
 *
 * Rows read: D1 answers them with `all()` and `run()` but not with `raw()`, which Drizzle reads
 * through, so the catalogue's latest reads are kept (their SQL and values) and, when the bench asks
 * (`catalogRowsRead`), run again through `all()` for their `meta.rows_read`: the reads change
 * nothing, and only that request pays for running them twice.
 */
import type { Bindings } from '../env'

export type CountedDatabase = 'DB' | 'CATALOG'

export interface D1Tally {
  /** Statements run, alone or in a batch. */
  queries: number
  /** Those of them that may change something (anything but SELECT, EXPLAIN and WITH ... SELECT). */
  writes: number
}

const tallies: Record<CountedDatabase, D1Tally> = { DB: { queries: 0, writes: 0 }, CATALOG: { queries: 0, writes: 0 } }

/** The catalogue's latest reads, numbered from 0 since the isolate started; at most KEPT_READS of them. */
const KEPT_READS = 2000
const catalogReads: { sql: string; params: unknown[] }[] = []
let catalogReadsBefore = 0
let catalogBinding: D1Database | null = null

function keepRead(sql: string, params: unknown[]): void {
  catalogReads.push({ sql, params })
  if (catalogReads.length > KEPT_READS) {
    catalogReads.shift()
    catalogReadsBefore += 1
  }
}
const counted = new WeakMap<object, Bindings>()
const RUNS = new Set<PropertyKey>(['first', 'run', 'all', 'raw'])

export function benchCountersOn(env: Pick<Bindings, 'BENCH_COUNTERS'>): boolean {
  return env.BENCH_COUNTERS === '1'
}

function changes(sql: string): boolean {
  const head = sql.trimStart().slice(0, 8).toLowerCase()
  if (head.startsWith('select') || head.startsWith('explain')) return false
  if (!head.startsWith('with')) return true
  return /\b(insert|update|delete|replace)\b/i.test(sql)
}

function tally(name: CountedDatabase, write: boolean): void {
  tallies[name].queries += 1
  if (write) tallies[name].writes += 1
}

interface Known {
  inner: D1PreparedStatement
  write: boolean
  sql: string
  params: unknown[]
}

function countedDatabase(name: CountedDatabase, real: D1Database): D1Database {
  if (name === 'CATALOG') catalogBinding = real
  const inners = new WeakMap<object, Known>()
  const counted = (part: Known) => {
    tally(name, part.write)
    if (name === 'CATALOG' && !part.write) keepRead(part.sql, part.params)
  }
  const statement = (inner: D1PreparedStatement, write: boolean, sql: string, params: unknown[] = []): D1PreparedStatement => {
    const wrapped = new Proxy(inner, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown
        if (typeof value !== 'function') return value
        if (property === 'bind') return (...args: unknown[]) => statement(target.bind(...args), write, sql, args)
        return (...args: unknown[]) => {
          if (RUNS.has(property)) counted({ inner, write, sql, params })
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      },
    })
    inners.set(wrapped, { inner, write, sql, params })
    return wrapped
  }
  return new Proxy(real, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown
      if (property === 'prepare') return (sql: string) => statement(target.prepare(sql), changes(sql), sql)
      if (property === 'batch')
        return (list: D1PreparedStatement[]) => {
          const parts = list.map((s) => inners.get(s) ?? { inner: s, write: true, sql: '', params: [] })
          for (const part of parts) counted(part)
          return target.batch(parts.map((part) => part.inner))
        }
      if (property === 'exec')
        return (query: string) => {
          tally(name, changes(query))
          return target.exec(query)
        }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
}

/** The bindings with both databases counted when the bench asked for it; otherwise `env` itself. */
export function withBenchCounters(env: Bindings): Bindings {
  if (!benchCountersOn(env)) return env
  let wrapped = counted.get(env)
  if (!wrapped) {
    wrapped = { ...env, DB: countedDatabase('DB', env.DB), CATALOG: countedDatabase('CATALOG', env.CATALOG) }
    counted.set(env, wrapped)
    // an env already wrapped is handed back as it is
    counted.set(wrapped, wrapped)
  }
  return wrapped
}

/** The counts so far in this isolate, since it started. */
export function benchCounts(): Record<CountedDatabase, D1Tally> {
  return { DB: { ...tallies.DB }, CATALOG: { ...tallies.CATALOG } }
}

/** How many catalogue reads there have been: where `catalogRowsRead` starts counting from. */
export function catalogReadsSoFar(): number {
  return catalogReadsBefore + catalogReads.length
}

/** The rows the catalogue's reads since read number `from` read, or null when they are no longer all kept. */
export async function catalogRowsRead(from: number): Promise<number | null> {
  if (from < catalogReadsBefore || !catalogBinding) return null
  let rows = 0
  for (const read of catalogReads.slice(from - catalogReadsBefore)) {
    const result = await catalogBinding.prepare(read.sql).bind(...read.params).all()
    rows += result.meta.rows_read ?? 0
  }
  return rows
}
